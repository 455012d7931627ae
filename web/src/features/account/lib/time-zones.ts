/** The calendar's zone when the user has not chosen one (the server's default too). */
export const DEFAULT_TIME_ZONE = 'Africa/Lagos';

/**
 * The zones the Account page offers: the browser's IANA names (sorted, `UTC` among them), with
 * `current` and the default always present, the default first.
 */
export function timeZoneOptions(current: string, known: readonly string[] = supportedZones()): string[] {
  const names = new Set(known);
  names.add('UTC');
  names.add(current);
  names.delete(DEFAULT_TIME_ZONE);
  return [DEFAULT_TIME_ZONE, ...[...names].filter(Boolean).sort((a, b) => a.localeCompare(b))];
}

function supportedZones(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return [];
  }
}

/** "Africa/Lagos (GMT+1)": the name and its offset now, as the option's text. */
export function timeZoneLabel(zone: string, now: Date = new Date()): string {
  try {
    const offset = new Intl.DateTimeFormat('en-GB', { timeZone: zone, timeZoneName: 'shortOffset' })
      .formatToParts(now)
      .find((part) => part.type === 'timeZoneName')?.value;
    return offset ? `${zone.replaceAll('_', ' ')} (${offset})` : zone;
  } catch {
    return zone;
  }
}
