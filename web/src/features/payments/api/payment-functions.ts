import { api, functionsBase } from '@/lib/api-client';

import { PREMIUM_AMOUNT_KOBO, PREMIUM_CURRENCY } from '../lib/plan';

/** `create-premium-upgrade`'s answer (docs/api.md "Payments"). */
export type UpgradeAnswer = { access_code?: string; reference?: string; authorization_url?: string };

/** `verify-premium-payment`'s answer: 200 success, 202 pending (402 failed is an error). */
export type VerifyAnswer = { status: 'success' | 'pending' | 'failed'; reference: string; message?: string };

const options = () => ({ base: functionsBase() });

/** `POST /functions/v1/paystack-public-key`: the payment provider's public key. */
export function getPaymentPublicKey(): Promise<{ public_key: string }> {
  return api.post<{ public_key: string }>('/paystack-public-key', {}, options());
}

/** `POST /functions/v1/create-premium-upgrade` with the plan's price (150000 kobo, NGN). */
export function createPremiumUpgrade(): Promise<UpgradeAnswer> {
  return api.post<UpgradeAnswer>(
    '/create-premium-upgrade',
    { amount: PREMIUM_AMOUNT_KOBO, currency: PREMIUM_CURRENCY },
    options(),
  );
}

/** `POST /functions/v1/verify-premium-payment` with the reference the popup answered. */
export function verifyPremiumPayment(reference: string): Promise<VerifyAnswer> {
  return api.post<VerifyAnswer>('/verify-premium-payment', { reference }, options());
}
