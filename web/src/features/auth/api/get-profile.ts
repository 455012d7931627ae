import { api } from '@/lib/api-client';
import type { Profile } from '@/types/api';

/** `GET /api/v1/profiles/me`: the signed-in user's profile and credit balance. */
export function getProfile(): Promise<Profile> {
  return api.get<Profile>('/profiles/me');
}

/** The SWR key of the profile of `userId` (a new user never sees the previous one's). */
export const profileKey = (userId: string) => ['profiles', 'me', userId] as const;

export function isProfileKey(key: unknown): boolean {
  return Array.isArray(key) && key[0] === 'profiles' && key[1] === 'me';
}
