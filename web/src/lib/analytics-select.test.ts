import { AnalyticsClient, type Analytics, type CapturedEvent } from './analytics';
import { LazyAnalytics, chooseTransport } from './analytics-select';
import { PostHogAnalytics, type PostHogClient } from './posthog-analytics';

/** Records what the app asks of PostHog's client. */
function recordingPostHog() {
  const calls: unknown[][] = [];
  const posthog: PostHogClient = {
    init: (...args) => calls.push(['init', ...args]),
    capture: (...args) => calls.push(['capture', ...args]),
    identify: (...args) => calls.push(['identify', ...args]),
    reset: () => calls.push(['reset']),
    opt_out_capturing: () => calls.push(['opt_out_capturing']),
  };
  return { posthog, calls };
}

function deps() {
  const batches: CapturedEvent[][] = [];
  const { posthog, calls } = recordingPostHog();
  const loadPostHog = jest.fn(async () => posthog);
  const send = jest.fn(async (batch: CapturedEvent[]) => {
    batches.push(batch);
    return 202;
  });
  return { batches, calls, loadPostHog, send, doNotTrack: () => false };
}

describe('chooseTransport', () => {
  test('with a PostHog key: PostHog’s browser client, set up with the key and host', async () => {
    const d = deps();
    const analytics = await chooseTransport({ posthog_key: 'phc_1', posthog_host: 'https://ph.example' }, d);
    expect(analytics).toBeInstanceOf(PostHogAnalytics);
    expect(d.loadPostHog).toHaveBeenCalledTimes(1);
    const [name, key, config] = d.calls[0] ?? [];
    expect([name, key]).toEqual(['init', 'phc_1']);
    expect(config).toMatchObject({
      api_host: 'https://ph.example',
      respect_dnt: true,
      persistence: 'localStorage',
      autocapture: false,
      capture_pageview: false,
      disable_session_recording: true,
      disable_external_dependency_loading: true,
      advanced_disable_flags: true,
      request_queue_config: { flush_interval_ms: 3_000 },
      rate_limiting: { events_per_second: 10, events_burst_limit: 100 },
      properties_string_max_length: 65_535,
    });
    expect(d.send).not.toHaveBeenCalled();
  });

  test('without a key (or without config): the server’s endpoint, and PostHog is never loaded', async () => {
    const d = deps();
    expect(await chooseTransport({ posthog_key: null, posthog_host: null }, d)).toBeInstanceOf(AnalyticsClient);
    expect(await chooseTransport(null, d)).toBeInstanceOf(AnalyticsClient);
    expect(d.loadPostHog).not.toHaveBeenCalled();
  });
});

describe('LazyAnalytics', () => {
  function lazy(doNotTrack = false) {
    const d = deps();
    const load = jest.fn(() =>
      chooseTransport({ posthog_key: 'phc_1', posthog_host: 'https://ph.example' }, { ...d, doNotTrack: () => doNotTrack }),
    );
    const analytics = new LazyAnalytics({ load, doNotTrack: () => doNotTrack });
    return { ...d, load, analytics };
  }

  test('nothing is loaded or captured before consent', async () => {
    const { analytics, load, calls } = lazy();
    expect(analytics.capture('template_viewed', { template_id: 't1' })).toBe(false);
    analytics.identify('u1', 'u1@example.com');
    await analytics.ready();
    expect(load).not.toHaveBeenCalled();
    expect(calls).toEqual([]);
  });

  test('under Do-Not-Track nothing is loaded even after consent', async () => {
    const { analytics, load } = lazy(true);
    analytics.setConsent(true);
    expect(analytics.capture('signed_out')).toBe(false);
    await analytics.ready();
    expect(load).not.toHaveBeenCalled();
  });

  test('on consent the transport is loaded once, and gets who is signed in and what was captured meanwhile', async () => {
    const { analytics, load, calls } = lazy();
    analytics.identify('u1', 'u1@example.com');
    analytics.setConsent(true);
    expect(analytics.capture('template_viewed', { template_id: 't1' })).toBe(true);
    analytics.setConsent(true);
    await analytics.ready();
    expect(load).toHaveBeenCalledTimes(1);
    expect(analytics.transport).toBeInstanceOf(PostHogAnalytics);
    expect(calls.slice(1)).toEqual([
      ['identify', 'u1', { email: 'u1@example.com' }],
      ['capture', 'template_viewed', { template_id: 't1' }],
    ]);
    analytics.reset();
    analytics.capture('signed_out');
    expect(calls.slice(3)).toEqual([['reset'], ['capture', 'signed_out', {}]]);
  });

  test('declining after accepting opts PostHog out', async () => {
    const { analytics, calls } = lazy();
    analytics.setConsent(true);
    await analytics.ready();
    analytics.setConsent(false);
    expect(analytics.capture('signed_out')).toBe(false);
    expect(calls.at(-1)).toEqual(['opt_out_capturing']);
  });

  test('a transport that fails to load is tried again on the next consent', async () => {
    const loaded: Analytics = new AnalyticsClient({ send: async () => 202, doNotTrack: () => false });
    const load = jest.fn<Promise<Analytics>, []>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(loaded);
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const analytics = new LazyAnalytics({ load, doNotTrack: () => false });
    analytics.setConsent(true);
    await analytics.ready();
    expect(analytics.transport).toBeNull();
    analytics.setConsent(true);
    await analytics.ready();
    expect(analytics.transport).toBe(loaded);
  });
});
