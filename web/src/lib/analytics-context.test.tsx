import { act, render, screen, userEvent } from '@/testing/test-utils';

import { AnalyticsClient, FLUSH_INTERVAL_MS, type CapturedEvent } from './analytics';
import { AnalyticsProvider, CONSENT_KEY, useCapture } from './analytics-context';

function Capturer() {
  const capture = useCapture();
  return <button onClick={() => capture('signed_out')}>Capture</button>;
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

afterEach(() => {
  window.localStorage.clear();
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
    expect(batches.flat().map((e) => e.event)).toEqual(['signed_out']);
    jest.useRealTimers();
  });

  test('declining keeps it off, and Do-Not-Track never asks', async () => {
    setup();
    await userEvent.click(screen.getByRole('button', { name: 'Decline' }));
    expect(window.localStorage.getItem(CONSENT_KEY)).toBe('declined');
    expect(screen.queryByRole('region', { name: 'Analytics consent' })).not.toBeInTheDocument();
  });

  test('under Do-Not-Track the banner is not shown', () => {
    setup(true);
    expect(screen.queryByRole('region', { name: 'Analytics consent' })).not.toBeInTheDocument();
  });
});
