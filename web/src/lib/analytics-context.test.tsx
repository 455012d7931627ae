import { http, HttpResponse } from 'msw';

import { apiPath } from '@/testing/mocks/handlers/api-path';
import { server } from '@/testing/mocks/server';
import { act, render, screen, userEvent } from '@/testing/test-utils';

import { AnalyticsClient, FLUSH_INTERVAL_MS, type CapturedEvent } from './analytics';
import { AnalyticsProvider, CONSENT_COOKIE, CONSENT_KEY, CONSENT_TEXT, sendToServer, useCapture } from './analytics-context';
import { setAccessTokenSource } from './auth-token';

function Capturer() {
  const capture = useCapture();
  return <button onClick={() => capture('upgrade_started', { step: 'dialog_opened' })}>Capture</button>;
}

function setup(doNotTrack = false) {
  const batches: CapturedEvent[][] = [];
  const client = new AnalyticsClient({
    send: async (batch) => {
      batches.push(batch);
      return 202;
    },
    doNotTrack: () => doNotTrack,
    anonymousId: () => 'anon-1',
  });
  render(
    <AnalyticsProvider client={client}>
      <Capturer />
    </AnalyticsProvider>,
  );
  return { batches, client };
}

function consentCookie(): string | null {
  const pair = document.cookie.split('; ').find((part) => part.startsWith(`${CONSENT_COOKIE}=`));
  return pair ? pair.slice(CONSENT_COOKIE.length + 1) : null;
}

afterEach(() => {
  window.localStorage.clear();
  document.cookie = `${CONSENT_COOKIE}=; Max-Age=0; Path=/`;
});

describe('AnalyticsProvider', () => {
  test('nothing is sent before the user accepts; after, events are', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const { batches } = setup();
    await user.click(screen.getByRole('button', { name: 'Capture' }));
    await act(() => jest.advanceTimersByTimeAsync(FLUSH_INTERVAL_MS));
    expect(batches).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(screen.queryByRole('region', { name: 'Analytics consent' })).not.toBeInTheDocument();
    expect(window.localStorage.getItem(CONSENT_KEY)).toBe('accepted');
    await user.click(screen.getByRole('button', { name: 'Capture' }));
    await act(() => jest.advanceTimersByTimeAsync(FLUSH_INTERVAL_MS));
    expect(batches.flat().map((e) => e.event)).toEqual(['upgrade_started']);
    jest.useRealTimers();
  });

  test('declining keeps it off, and Do-Not-Track never asks', async () => {
    setup();
    await userEvent.click(screen.getByRole('button', { name: 'Decline' }));
    expect(window.localStorage.getItem(CONSENT_KEY)).toBe('declined');
    expect(screen.queryByRole('region', { name: 'Analytics consent' })).not.toBeInTheDocument();
  });

  test('the banner says what is counted before an answer', () => {
    setup();
    const banner = screen.getByRole('region', { name: 'Analytics consent' });
    expect(banner).toHaveTextContent(CONSENT_TEXT);
    expect(banner).toHaveTextContent(
      'Until you answer, it keeps only daily totals of what is done here (templates viewed and opened, searches, saves, downloads, sign-ins, upgrades and payments), with nothing that could tell who did it: no identifier, no IP address, no account.',
    );
    expect(banner).not.toHaveTextContent('Nothing is recorded unless you accept');
  });

  test('no cookie before an answer; accepting tells the server granted', async () => {
    setup();
    expect(consentCookie()).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(consentCookie()).toBe('granted');
  });

  test('declining tells the server refused', async () => {
    setup();
    await userEvent.click(screen.getByRole('button', { name: 'Decline' }));
    expect(consentCookie()).toBe('refused');
  });

  test('an answer remembered from before is written to the cookie on start', () => {
    window.localStorage.setItem(CONSENT_KEY, 'declined');
    setup();
    expect(consentCookie()).toBe('refused');
    expect(screen.queryByRole('region', { name: 'Analytics consent' })).not.toBeInTheDocument();
  });

  test('under Do-Not-Track the banner is not shown', () => {
    setup(true);
    expect(screen.queryByRole('region', { name: 'Analytics consent' })).not.toBeInTheDocument();
  });
});

describe('sendToServer', () => {
  const event: CapturedEvent = { event: 'template_viewed', distinct_id: 'anon-1', timestamp: '2026-11-29T03:00:00Z', properties: {} };

  test('posts the batch without the bearer token and answers 202 once it is accepted', async () => {
    const seen: { authorization: string | null; body: unknown }[] = [];
    server.use(
      http.post(apiPath('/events'), async ({ request }) => {
        seen.push({ authorization: request.headers.get('authorization'), body: await request.json() });
        return HttpResponse.json({ accepted: 1 }, { status: 202 });
      }),
    );
    setAccessTokenSource(() => Promise.resolve('token-1'));

    const status = await sendToServer([event]);

    expect(status).toBe(202);
    expect(seen).toEqual([{ authorization: null, body: { batch: [event] } }]);
  });

  test('answers the status of a refusal, and 0 when the server cannot be reached', async () => {
    server.use(
      http.post(apiPath('/events'), () =>
        HttpResponse.json({ status: 429, code: 'too_many_events', message: 'too many events; try again in 5 s' }, { status: 429 }),
      ),
    );
    const refused = await sendToServer([event]);
    server.use(http.post(apiPath('/events'), () => HttpResponse.error()));
    const unreachable = await sendToServer([event]);

    expect([refused, unreachable]).toEqual([429, 0]);
  });
});
