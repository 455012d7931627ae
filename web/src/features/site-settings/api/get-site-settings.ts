import useSWR from 'swr';

import { api } from '@/lib/api-client';
import { cacheTimes } from '@/lib/swr';
import type { SiteSettingsResponse } from '@/types/api';

/** `GET /api/v1/site-settings`: every setting with who changed it and when. */
export function getSiteSettings(): Promise<SiteSettingsResponse> {
  return api.get<SiteSettingsResponse>('/site-settings');
}

/** The SWR key of the settings list. */
export const siteSettingsKey = () => ['site-settings'] as const;

/**
 * The settings, cached 5 minutes (spec section 9): requests within that time share one answer,
 * and the value on screen is fetched again every 5 minutes while the app is open. A failed
 * request is SWR's `error` (spec section 8: site-setting query errors are thrown).
 */
export function useSiteSettingsQuery() {
  return useSWR(siteSettingsKey(), getSiteSettings, {
    dedupingInterval: cacheTimes.siteSetting,
    refreshInterval: cacheTimes.siteSetting,
  });
}
