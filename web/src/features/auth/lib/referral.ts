import { readStorage, removeStorage, writeStorage } from '@/lib/storage';

/** The local-storage key spec section 4 names. */
export const PENDING_REFERRAL_KEY = 'pending_referral_code';

/** Referral codes are short tokens; anything else in `?ref=` is ignored. */
const CODE = /^[A-Za-z0-9_-]{1,64}$/;

/** Keeps the `?ref=` code of `search` (a URL's query) for sign-up; answers the code kept. */
export function captureReferralCode(search: string): string | null {
  const code = new URLSearchParams(search).get('ref')?.trim() ?? '';
  if (!CODE.test(code)) return null;
  writeStorage('local', PENDING_REFERRAL_KEY, code);
  return code;
}

export function pendingReferralCode(): string | null {
  return readStorage('local', PENDING_REFERRAL_KEY);
}

export function clearPendingReferralCode(): void {
  removeStorage('local', PENDING_REFERRAL_KEY);
}
