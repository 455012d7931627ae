import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import { useSWRConfig } from 'swr';

import type { SiteSettingRecord } from '@/types/api';

import { siteSettingsKey, useSiteSettingsQuery } from '../api/get-site-settings';
import { updateSiteSetting } from '../api/update-site-setting';
import { parseSiteSettings, SETTING_KEYS, type SiteSettings } from '../lib/parse-settings';

export type SiteSettingsContextValue = SiteSettings & {
  /** The rows as the API lists them (value, when and by whom), for the admin page. */
  records: readonly SiteSettingRecord[];
  /** True until the first answer (the settings read as their defaults meanwhile). */
  isLoading: boolean;
  /** The failure of the last fetch, if it failed. */
  error: Error | undefined;
  /**
   * Sets `premium_business_model_enabled` to the opposite of its current value and refreshes the
   * cached settings on success (spec section 4). Rejects with the API's error.
   */
  togglePremiumModel: () => Promise<void>;
  /** Sets any setting (admin page) and refreshes the cached settings; rejects on failure. */
  updateSetting: (key: string, value: unknown) => Promise<void>;
};

const SiteSettingsContext = createContext<SiteSettingsContextValue | null>(null);

const EMPTY: readonly SiteSettingRecord[] = [];

/** The site settings of `GET /api/v1/site-settings`, for the whole app. */
export function SiteSettingsProvider({ children }: { children: ReactNode }) {
  const { data, error, isLoading } = useSiteSettingsQuery();
  const { mutate } = useSWRConfig();
  const records = data?.settings ?? EMPTY;
  const settings = useMemo(() => parseSiteSettings(records), [records]);

  const updateSetting = useCallback(
    async (key: string, value: unknown) => {
      await updateSiteSetting(key, value);
      await mutate(siteSettingsKey());
    },
    [mutate],
  );

  const togglePremiumModel = useCallback(
    () => updateSetting(SETTING_KEYS.premiumBusinessModel, !settings.premiumBusinessModelEnabled),
    [updateSetting, settings.premiumBusinessModelEnabled],
  );

  const value = useMemo<SiteSettingsContextValue>(
    () => ({ ...settings, records, isLoading, error: error as Error | undefined, togglePremiumModel, updateSetting }),
    [settings, records, isLoading, error, togglePremiumModel, updateSetting],
  );
  return <SiteSettingsContext.Provider value={value}>{children}</SiteSettingsContext.Provider>;
}

export function useSiteSettings(): SiteSettingsContextValue {
  const context = useContext(SiteSettingsContext);
  if (!context) throw new Error('useSiteSettings must be used within a SiteSettingsProvider');
  return context;
}
