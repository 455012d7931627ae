import useSWR from 'swr';

import { api } from '@/lib/api-client';
import type { Page, SiteSettingChange } from '@/types/api';

/** `GET /api/v1/site-settings/changes?page=&size=`: who changed which setting, when (admins). */
export function getSettingChanges(page: number, size = 10): Promise<Page<SiteSettingChange>> {
  return api.get<Page<SiteSettingChange>>('/site-settings/changes', { query: { page, size } });
}

export const settingChangesKey = (page: number) => ['site-settings', 'changes', page] as const;

export const isSettingChangesKey = (key: unknown) =>
  Array.isArray(key) && key[0] === 'site-settings' && key[1] === 'changes';

export function useSettingChanges(page: number) {
  return useSWR(settingChangesKey(page), () => getSettingChanges(page), { keepPreviousData: true });
}
