import { PREMIUM_AMOUNT_KOBO, PREMIUM_CURRENCY, PREMIUM_INTERVAL } from '@/lib/plan-rules';

/** The Premium Plan (spec sections 1, 3 and 9); its price comes from `@/lib/plan-rules`. */
export const PREMIUM_PLAN = {
  id: 'premium',
  name: 'Premium Plan',
  /** Naira per month. */
  amount: PREMIUM_AMOUNT_KOBO / 100,
  interval: PREMIUM_INTERVAL,
} as const;

/** What the upgrade sends: the price in kobo, in naira. */
export { PREMIUM_AMOUNT_KOBO, PREMIUM_CURRENCY };

/** The six features of the plan definition (spec section 3): the upgrade dialog's lines. */
export const PREMIUM_FEATURES = [
  'Private designs',
  'Unlimited design prompting',
  'Unlimited regeneration',
  'Unlimited design cloning',
  'Unlimited downloads',
  'High priority support',
] as const;

/** What premium includes (spec section 1): the confirmation dialog's benefit list. */
export const PREMIUM_BENEFITS = [
  'All premium templates',
  'Unlimited downloads without watermark',
  'Download in PNG, JPEG, PDF and SVG',
  'Print-quality PDF (300 DPI)',
  'The Logo Maker tool',
  'Priority support',
] as const;

/** "₦1,500" */
export const PREMIUM_PRICE_LABEL = `₦${PREMIUM_PLAN.amount.toLocaleString('en-NG')}`;
