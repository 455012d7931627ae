import {
  AnalyticsClient,
  FLUSH_INTERVAL_MS,
  MAX_PROPERTY_LENGTH,
  QUOTA_BLOCK_MS,
  RETRY_MAX_MS,
  type CapturedEvent,
} from './analytics';

function setup(statuses: number[] = [], doNotTrack = false) {
  const batches: CapturedEvent[][] = [];
  const send = jest.fn(async (batch: CapturedEvent[]) => {
    batches.push(batch);
    return statuses.length ? (statuses.shift() as number) : 202;
  });
  const client = new AnalyticsClient({
    send,
    now: () => Date.now(),
    anonymousId: () => 'anon-1',
    doNotTrack: () => doNotTrack,
  });
  return { client, send, batches };
}

async function advance(ms: number) {
  await jest.advanceTimersByTimeAsync(ms);
}

beforeEach(() => {
  jest.useFakeTimers({ now: new Date('2026-11-23T12:00:00Z') });
});

afterEach(() => {
  jest.useRealTimers();
});

describe('AnalyticsClient', () => {
  test('captures nothing before consent, nor under Do-Not-Track', async () => {
    const { client, send } = setup();
    expect(client.capture('signed_out')).toBe(false);
    const dnt = setup([], true);
    dnt.client.setConsent(true);
    expect(dnt.client.capture('signed_out')).toBe(false);
    await advance(FLUSH_INTERVAL_MS);
    expect(send).not.toHaveBeenCalled();
    expect(dnt.send).not.toHaveBeenCalled();
  });

  test('flushes one batch every 3 s, as the identified user', async () => {
    const { client, batches } = setup();
    client.setConsent(true);
    client.identify('u1', 'u1@example.com');
    client.capture('template_viewed', { template_id: 't1' });
    client.capture('search_performed', { term: 'flyer' });
    await advance(FLUSH_INTERVAL_MS - 1);
    expect(batches).toHaveLength(0);
    await advance(1);
    expect(batches).toHaveLength(1);
    expect(batches[0]?.map((e) => [e.event, e.distinct_id])).toEqual([
      ['template_viewed', 'u1'],
      ['search_performed', 'u1'],
    ]);
    client.reset();
    client.capture('signed_out');
    await advance(FLUSH_INTERVAL_MS);
    expect(batches[1]?.[0]?.distinct_id).toBe('anon-1');
  });

  test('rate limit: a burst of 100, then 10 a second', async () => {
    const { client } = setup();
    client.setConsent(true);
    const accepted = Array.from({ length: 120 }, () => client.capture('signed_in')).filter(Boolean);
    expect(accepted).toHaveLength(100);
    jest.setSystemTime(Date.now() + 1_000);
    const more = Array.from({ length: 20 }, () => client.capture('signed_in')).filter(Boolean);
    expect(more).toHaveLength(10);
  });

  test('retries from 3 s doubling, at most 10 times, then drops the batch', async () => {
    const { client, send } = setup(Array(11).fill(503));
    client.setConsent(true);
    client.capture('signed_in');
    await advance(FLUSH_INTERVAL_MS);
    expect(send).toHaveBeenCalledTimes(1);
    const delays = [3_000, 6_000, 12_000, 24_000, 48_000, 96_000, 192_000, 384_000, 768_000, 1_536_000];
    for (const [index, delay] of delays.entries()) {
      const capped = Math.min(delay, RETRY_MAX_MS);
      await advance(capped - 1);
      expect(send).toHaveBeenCalledTimes(index + 1);
      await advance(1);
      expect(send).toHaveBeenCalledTimes(index + 2);
    }
    expect(client.pending).toBe(0);
  });

  test('a quota answer blocks sending for 60 s', async () => {
    const { client, send } = setup([429]);
    client.setConsent(true);
    client.capture('signed_in');
    await advance(FLUSH_INTERVAL_MS);
    expect(send).toHaveBeenCalledTimes(1);
    await advance(QUOTA_BLOCK_MS - 1);
    expect(send).toHaveBeenCalledTimes(1);
    await advance(1);
    expect(send).toHaveBeenCalledTimes(2);
    expect(client.pending).toBe(0);
  });

  test('rage click: 3 clicks within 30 px and 1 s', async () => {
    const { client, batches } = setup();
    client.setConsent(true);
    client.click(10, 10);
    client.click(30, 10);
    jest.setSystemTime(Date.now() + 1_001);
    client.click(12, 10); // the first two are older than 1 s
    client.click(100, 100); // too far from the others
    client.click(14, 12);
    expect(client.pending).toBe(0);
    client.click(20, 20);
    client.click(40, 20); // the third within 30 px of the others: one rage click
    await advance(FLUSH_INTERVAL_MS);
    expect(batches.flat().map((e) => [e.event, e.properties.x])).toEqual([['rage_click', 40]]);
  });

  test('property strings are cut to 65,535 characters', async () => {
    const { client, batches } = setup();
    client.setConsent(true);
    client.capture('signed_in', { method: 'x'.repeat(MAX_PROPERTY_LENGTH + 10) });
    await advance(FLUSH_INTERVAL_MS);
    expect(String(batches[0]?.[0]?.properties.method)).toHaveLength(MAX_PROPERTY_LENGTH);
  });
});
