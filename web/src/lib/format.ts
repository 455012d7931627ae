/** Dates and times as the app shows them (Nigerian English, the user's time zone). */

function valid(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "23 Dec 2026"; an empty or unreadable value is "—". */
export function formatDate(value: string | null | undefined): string {
  const date = valid(value);
  return date ? date.toLocaleDateString('en-NG', { day: 'numeric', month: 'short', year: 'numeric' }) : '—';
}

/** "23 Dec 2026, 10:00"; an empty or unreadable value is "—". */
export function formatDateTime(value: string | null | undefined): string {
  const date = valid(value);
  return date
    ? date.toLocaleString('en-NG', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' })
    : '—';
}

/** An amount in kobo as naira, e.g. 150000 → "₦1,500.00"; another currency as "USD 12.50". */
export function formatKobo(amountKobo: number, currency = 'NGN'): string {
  const value = amountKobo / 100;
  if (currency !== 'NGN') return `${currency} ${value.toFixed(2)}`;
  return `₦${value.toLocaleString('en-NG', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}
