/** Texts derived from amounts and plans (spec section 9). */

/**
 * 'NGN 5,000' or 'NGN 5,000.5': minor units ÷ 100, the currency shown by its code, 0 to 2 fraction
 * digits. An unknown currency code (which Intl refuses) falls back to the code and the number.
 */
export function amountText(amount: number, currency: string): string {
  const major = amount / 100;
  try {
    return new Intl.NumberFormat('en', {
      style: 'currency',
      currency,
      currencyDisplay: 'code',
      minimumFractionDigits: 0,
      maximumFractionDigits: 2,
    }).format(major);
  } catch {
    return `${currency} ${major}`;
  }
}

/** 'BIANNUAL PLAN', 'ANNUAL PLAN', or the interval uppercased followed by ' PLAN'. */
export function planLabel(interval: string): string {
  if (interval === 'biannually') return 'BIANNUAL PLAN';
  if (interval === 'annually') return 'ANNUAL PLAN';
  return `${interval.toUpperCase()} PLAN`;
}

/** The Apple Pay amount: minor units ÷ 100 with at most 2 decimals, as text ('50', '12.5'). */
export function applePayAmount(amount: number): string {
  return String(Number((amount / 100).toFixed(2)));
}
