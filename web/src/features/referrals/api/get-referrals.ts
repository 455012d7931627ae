import useSWR from 'swr';

import { api } from '@/lib/api-client';
import type { Referral } from '@/types/api';

/** `POST /api/v1/rpc/get_user_referral_code` `{user_id_param}`: the user's own code (spec section 7). */
export function getReferralCode(userId: string): Promise<string> {
  return api.post<string>('/rpc/get_user_referral_code', { user_id_param: userId });
}

/** `GET /api/v1/referrals`: the user's referrals, newest first. */
export function getReferrals(): Promise<Referral[]> {
  return api.get<Referral[]>('/referrals');
}

export const referralKeys = {
  code: (userId: string) => ['referrals', userId, 'code'] as const,
  list: (userId: string) => ['referrals', userId, 'list'] as const,
};

export function useReferralCode(userId: string | null) {
  return useSWR(userId ? referralKeys.code(userId) : null, () => getReferralCode(userId ?? ''));
}

export function useReferrals(userId: string | null) {
  return useSWR(userId ? referralKeys.list(userId) : null, getReferrals);
}
