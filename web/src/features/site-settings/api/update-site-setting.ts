import { api } from '@/lib/api-client';
import type { SiteSettingOut } from '@/types/api';

/** `PUT /api/v1/site-settings/{key}` with `{"setting_value": value}` (administrators only). */
export function updateSiteSetting(key: string, value: unknown): Promise<SiteSettingOut> {
  return api.put<SiteSettingOut>(`/site-settings/${encodeURIComponent(key)}`, { setting_value: value });
}
