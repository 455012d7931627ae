/**
 * The plan and credit rules the app shows and sends, as the server's domain states them
 * (`designcore.domain.payments.premium_plan`, `designcore.domain.profiles.REFERRAL_REWARD`):
 * both sides are held to tests/contract/vectors/plan-rules.json, so they cannot drift.
 */

/** The Premium Plan's price in kobo (1,500 naira), what create-premium-upgrade must ask for. */
export const PREMIUM_AMOUNT_KOBO = 150000;

/** The Premium Plan's currency. */
export const PREMIUM_CURRENCY = 'NGN';

/** How often the Premium Plan renews. */
export const PREMIUM_INTERVAL = 'monthly';

/** Credits a signup through a referral earns each side (spec section 9). */
export const REFERRAL_REWARD_CREDITS = 10;
