import { useCallback } from 'react';
import useSWR from 'swr';

import { api } from '@/lib/api-client';
import type { AccountCredits, AccountPayment, AccountSubscription, Page, Profile } from '@/types/api';

/** `GET /api/v1/account/subscription`: plan, status and renewal date. */
export function getSubscription(): Promise<AccountSubscription> {
  return api.get<AccountSubscription>('/account/subscription');
}

/** `GET /api/v1/account/payments`: the user's payments, newest first, a page at a time. */
export function getPayments(page: number, size = 10): Promise<Page<AccountPayment>> {
  return api.get<Page<AccountPayment>>('/account/payments', { query: { page, size } });
}

/** `GET /api/v1/account/credits`: the referral-credit balance and ledger. */
export function getCredits(): Promise<AccountCredits> {
  return api.get<AccountCredits>('/account/credits');
}

/** SWR keys of the account's data; all start with `account` and the user's id. */
export const accountKeys = {
  all: (userId: string) => ['account', userId] as const,
  subscription: (userId: string) => ['account', userId, 'subscription'] as const,
  payments: (userId: string, page: number) => ['account', userId, 'payments', page] as const,
  credits: (userId: string) => ['account', userId, 'credits'] as const,
};

/** Whether an SWR key is one of the account's (to refetch them all after an upgrade). */
export const isAccountKey = (key: unknown) => Array.isArray(key) && key[0] === 'account';

export function useSubscription(userId: string | null) {
  return useSWR(userId ? accountKeys.subscription(userId) : null, getSubscription);
}

export function usePayments(userId: string | null, page: number) {
  return useSWR(userId ? accountKeys.payments(userId, page) : null, () => getPayments(page), { keepPreviousData: true });
}

export function useCredits(userId: string | null) {
  return useSWR(userId ? accountKeys.credits(userId) : null, getCredits);
}

/**
 * The member's credit balance as the server counts it from the ledger
 * (`GET /api/v1/account/credits`): the one balance the app shows, on the account page and in
 * the editor's downloads (`null` until it has loaded). `refresh` after a credit was spent.
 */
export function useCreditBalance(userId: string | null) {
  const { data, error, mutate } = useCredits(userId);
  const refresh = useCallback(async () => {
    await mutate();
  }, [mutate]);
  return { balance: data?.balance ?? null, error: error as unknown, refresh };
}

/** `PATCH /api/v1/profiles/me {time_zone}`: saves the calendar's time zone; answers the profile. */
export function saveTimeZone(timeZone: string): Promise<Profile> {
  return api.patch<Profile>('/profiles/me', { time_zone: timeZone });
}
