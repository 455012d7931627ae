import { gunzipSync } from 'node:zlib';

import { http, HttpResponse } from 'msw';

import { server } from '@/testing/mocks/server';

import { FLUSH_INTERVAL_MS } from './analytics';
import { PostHogAnalytics } from './posthog-analytics';

const HOST = 'http://posthog.test';

type Sent = { event: string; properties: Record<string, unknown>; $set?: Record<string, unknown> };

/** PostHog's events endpoint as the browser client posts to it: gzip, base64 form or JSON. */
function decode(body: Buffer, url: URL): Sent[] {
  let text: string;
  if (body[0] === 0x1f && body[1] === 0x8b) text = gunzipSync(body).toString('utf8');
  else if (url.searchParams.get('compression') === 'base64') {
    const data = new URLSearchParams(body.toString('utf8')).get('data') ?? '';
    text = Buffer.from(data, 'base64').toString('utf8');
  } else text = body.toString('utf8');
  const parsed = JSON.parse(text) as Sent | Sent[] | { batch: Sent[] };
  if (Array.isArray(parsed)) return parsed;
  return 'batch' in parsed ? parsed.batch : [parsed];
}

function fakePostHog() {
  const sent: Sent[] = [];
  const paths: string[] = [];
  server.use(
    http.all(`${HOST}/*`, async ({ request }) => {
      const url = new URL(request.url);
      paths.push(`${request.method} ${url.pathname}`);
      if (request.method === 'POST' && ['/e/', '/i/v0/e/', '/batch/'].includes(url.pathname)) {
        sent.push(...decode(Buffer.from(await request.arrayBuffer()), url));
      }
      return HttpResponse.json({ status: 1 });
    }),
  );
  return { sent, paths };
}

async function settle() {
  // The client flushes every 3 s; a little more for its request to land.
  await new Promise((resolve) => setTimeout(resolve, FLUSH_INTERVAL_MS + 500));
}

beforeEach(() => {
  // A fresh client per test (it is a module-wide singleton).
  jest.resetModules();
});

afterEach(() => {
  Reflect.deleteProperty(navigator, 'doNotTrack');
});

describe('PostHogAnalytics with the real browser client', () => {
  test('the catalogue events, as the identified user with their e-mail, and nothing else', async () => {
    const { sent, paths } = fakePostHog();
    // Imported once MSW is listening: the client keeps the `fetch` it finds when loaded.
    const { default: posthog } = await import('posthog-js');
    const analytics = new PostHogAnalytics({ posthog, key: 'phc_test', host: HOST, doNotTrack: () => false });
    expect(analytics.capture('template_viewed', { template_id: 't1' })).toBe(false); // no consent yet
    analytics.setConsent(true);
    expect(analytics.capture('template_viewed', { template_id: 't1' })).toBe(true);
    analytics.identify('u1', 'u1@example.com');
    analytics.capture('upgrade_started', { step: 'dialog_opened' });
    analytics.click(10, 10);
    analytics.click(12, 11);
    analytics.click(11, 12);
    await settle();
    analytics.reset();
    analytics.capture('signed_out');
    await settle();

    const byName = (name: string) => sent.find((e) => e.event === name);
    // $identify is PostHog's own (it may leave before the batch); the rest are the catalogue's.
    expect(sent.map((e) => e.event).sort()).toEqual(
      ['$identify', 'rage_click', 'signed_out', 'template_viewed', 'upgrade_started'].sort(),
    );
    expect(byName('$identify')?.properties.distinct_id).toBe('u1');
    expect(byName('$identify')?.$set).toEqual({ email: 'u1@example.com' });
    expect(byName('upgrade_started')?.properties).toMatchObject({ distinct_id: 'u1', step: 'dialog_opened' });
    expect(byName('rage_click')?.properties).toMatchObject({ distinct_id: 'u1', x: 11, y: 12 });
    const anonymous = byName('template_viewed')?.properties.distinct_id;
    expect(anonymous).not.toBe('u1');
    // After sign-out: a new anonymous id, neither the user's nor the earlier one.
    expect(byName('signed_out')?.properties.distinct_id).not.toBe('u1');
    expect(byName('signed_out')?.properties.distinct_id).not.toBe(anonymous);
    // Only the events endpoint: no flags, no remote config, no scripts.
    expect(new Set(paths.map((p) => p.split(' ')[1]))).toEqual(new Set(['/e/']));
    expect(document.cookie).toBe('');
  }, 15_000);

  test('under Do-Not-Track nothing is sent, even after consent', async () => {
    const { sent } = fakePostHog();
    const { default: posthog } = await import('posthog-js');
    Object.defineProperty(navigator, 'doNotTrack', { value: '1', configurable: true });
    const analytics = new PostHogAnalytics({ posthog, key: 'phc_test', host: HOST });
    expect(analytics.doNotTrackOn).toBe(true);
    analytics.setConsent(true);
    expect(analytics.capture('template_viewed', { template_id: 't1' })).toBe(false);
    await settle();
    expect(sent).toEqual([]);
  }, 10_000);
});
