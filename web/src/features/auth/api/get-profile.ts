import { api } from '@/lib/api-client';
import type { Profile } from '@/types/api';

/** `GET /api/v1/profiles/me`: the signed-in user's profile and credit balance. */
export function getProfile(): Promise<Profile> {
  return api.get<Profile>('/profiles/me');
}

/**
 * The SWR key of the profile of `userId` (a new user never sees the previous one's) in their
 * `signIn`-th sign-in of this page: each sign-in is a new key, fetched afresh, never answered by
 * (or discarded with) a request of the sign-in before it.
 */
export const profileKey = (userId: string, signIn = 0) => ['profiles', 'me', userId, signIn] as const;

export function isProfileKey(key: unknown): boolean {
  return Array.isArray(key) && key[0] === 'profiles' && key[1] === 'me';
}
