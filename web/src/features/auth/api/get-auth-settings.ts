import useSWR from 'swr';

import type { AuthClient } from '@/lib/auth/auth-client';
import type { AuthSettings } from '@/lib/auth/auth-types';

/** The SWR key of `GET /auth/v1/settings`. */
export const authSettingsKey = ['auth', 'settings'] as const;

export function getAuthSettings(client: AuthClient): Promise<AuthSettings> {
  return client.getSettings();
}

/** Which sign-in methods the server offers (Google when it is configured). */
export function useAuthSettings(client: AuthClient) {
  return useSWR(authSettingsKey, () => getAuthSettings(client), { dedupingInterval: 30 * 60_000 });
}
