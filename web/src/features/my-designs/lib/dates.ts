/**
 * Calendar days as `YYYY-MM-DD` strings (the API's form). Days are computed at midnight UTC, so
 * the browser's own zone never shifts a day; "today" and the weeks come from the server, in the
 * user's time zone.
 */

function toDate(day: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1));
}

function fromDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** `day` moved by `days` (negative goes back). */
export function addDays(day: string, days: number): string {
  const date = toDate(day);
  date.setUTCDate(date.getUTCDate() + days);
  return fromDate(date);
}

/** Whole days from `from` to `to`. */
export function daysBetween(from: string, to: string): number {
  return Math.round((toDate(to).getTime() - toDate(from).getTime()) / 86_400_000);
}

/** The month number (1–12) of a day. */
export function monthOf(day: string): number {
  return Number(day.slice(5, 7));
}

/** The day of the month. */
export function dayNumber(day: string): number {
  return Number(day.slice(8, 10));
}

const fullFormat = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const shortFormat = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
const monthFormat = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "Thursday 1 October 2026". */
export function fullDate(day: string): string {
  return fullFormat.format(toDate(day)).replace(',', '');
}

/** "Thu 1 Oct". */
export function shortDate(day: string): string {
  return shortFormat.format(toDate(day)).replace(',', '');
}

/** "October 2026". */
export function monthTitle(year: number, month: number): string {
  return monthFormat.format(new Date(Date.UTC(year, month - 1, 1)));
}

/** "today", "tomorrow", "in 3 days", or "on Thu 1 Oct" (a week or more away, or past). */
export function relativeDay(day: string, today: string): string {
  const days = daysBetween(today, day);
  if (days === 0) return 'today';
  if (days === 1) return 'tomorrow';
  if (days > 1 && days < 7) return `in ${days} days`;
  return `on ${shortDate(day)}`;
}

/** The month before or after `year`/`month`. */
export function shiftMonth(year: number, month: number, by: number): { year: number; month: number } {
  const index = year * 12 + (month - 1) + by;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/** The column headers, Monday first: `[short, full]`. */
export const weekdayHeaders = WEEKDAYS.map((short, i) => [short, WEEKDAY_NAMES[i] ?? short] as const);
