/** The Premium Plan (spec sections 1, 3 and 9; `designcore.domain.payments` on the server). */
export const PREMIUM_PLAN = {
  id: 'premium',
  name: 'Premium Plan',
  /** Naira per month. */
  amount: 1500,
  interval: 'monthly',
} as const;

/** What the upgrade sends: 1,500 naira in kobo (the amount × 100), in naira. */
export const PREMIUM_AMOUNT_KOBO = PREMIUM_PLAN.amount * 100;
export const PREMIUM_CURRENCY = 'NGN';

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
