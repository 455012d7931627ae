/** Spec section 9: what a signup through a referral earns (`@/lib/plan-rules`). */
export { REFERRAL_REWARD_CREDITS } from '@/lib/plan-rules';

/** Spec section 9: the referral link is the site origin with `?ref={code}`. */
export function referralLink(code: string, origin: string = globalThis.location.origin): string {
  return `${origin}?ref=${encodeURIComponent(code)}`;
}

/** How long the Copy button says it copied (spec section 9: 2 seconds). */
export const COPY_CONFIRMATION_MS = 2000;

/** Spec section 8: the referral toasts (title, description). */
export const REFERRAL_TOASTS = {
  copied: ['Copied!', 'Referral link copied to clipboard'],
  copyFailed: ['Failed to copy', 'Please try again'],
  shared: ['Shared!', 'Referral link shared successfully'],
} as const;
