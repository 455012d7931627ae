import { DEFAULT_TIME_ZONE, timeZoneLabel, timeZoneOptions } from './time-zones';

describe('time zone options', () => {
  it('puts Africa/Lagos first, then the rest sorted, with the current zone and UTC kept', () => {
    const options = timeZoneOptions('Pacific/Chatham', ['Europe/London', 'Africa/Lagos', 'America/New_York']);
    expect(options).toEqual([DEFAULT_TIME_ZONE, 'America/New_York', 'Europe/London', 'Pacific/Chatham', 'UTC']);
  });

  it('offers the browser’s zones by default', () => {
    const options = timeZoneOptions(DEFAULT_TIME_ZONE);
    expect(options[0]).toBe('Africa/Lagos');
    expect(options).toContain('Europe/London');
    expect(new Set(options).size).toBe(options.length);
  });

  it('labels a zone with its offset at that moment', () => {
    const january = new Date(Date.UTC(2026, 0, 15, 12));
    const july = new Date(Date.UTC(2026, 6, 15, 12));
    expect(timeZoneLabel('Africa/Lagos', january)).toBe('Africa/Lagos (GMT+1)');
    expect(timeZoneLabel('America/New_York', january)).toBe('America/New York (GMT-5)');
    expect(timeZoneLabel('America/New_York', july)).toBe('America/New York (GMT-4)');
    expect(timeZoneLabel('Not/AZone', january)).toBe('Not/AZone');
  });
});
