import { act, render, screen, userEvent, waitFor } from '@/testing/test-utils';

import { useAuth } from '@/features/auth/components/auth-provider';
import { createTestAuthClient, signInAs } from '@/testing/auth';
import { AnalyticsClient, type Analytics } from '@/lib/analytics';
import { AnalyticsProvider, CONSENT_KEY } from '@/lib/analytics-context';
import { LazyAnalytics, chooseTransport } from '@/lib/analytics-select';
import type { PostHogClient } from '@/lib/posthog-analytics';
import { createMockUser } from '@/testing/data-generators';

import { AppProviders } from './provider';

function SignOut() {
  const { user, signOut } = useAuth();
  return user ? <button onClick={() => void signOut()}>Sign out</button> : <p>Signed out</p>;
}

function renderApp(analytics: Analytics) {
  render(
    <AnalyticsProvider client={analytics}>
      <AppProviders authClient={createTestAuthClient()}>
        <SignOut />
      </AppProviders>
    </AnalyticsProvider>,
  );
}

describe('analytics follow the signed-in user', () => {
  test('server transport: identified by id and e-mail on sign-in, forgotten on sign-out', async () => {
    const user = createMockUser();
    signInAs(user);
    const analytics = new AnalyticsClient({ send: async () => 202, doNotTrack: () => false });
    renderApp(analytics);
    await waitFor(() => expect(analytics.identity).toEqual({ userId: user.id, email: user.email }));
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    await screen.findByText('Signed out');
    expect(analytics.identity).toBeNull();
  });

  test('PostHog transport: PostHog’s identify with the e-mail, and its reset on sign-out', async () => {
    const calls: unknown[][] = [];
    const posthog: PostHogClient = {
      init: () => undefined,
      capture: () => undefined,
      identify: (...args) => calls.push(['identify', ...args]),
      reset: () => calls.push(['reset']),
      opt_out_capturing: () => undefined,
    };
    window.localStorage.setItem(CONSENT_KEY, 'accepted');
    const user = createMockUser();
    signInAs(user);
    const analytics = new LazyAnalytics({
      load: () =>
        chooseTransport(
          { posthog_key: 'phc_1', posthog_host: 'https://ph.example' },
          { send: async () => 202, loadPostHog: async () => posthog, doNotTrack: () => false },
        ),
      doNotTrack: () => false,
    });
    renderApp(analytics);
    await act(() => analytics.ready());
    await waitFor(() => expect(calls).toContainEqual(['identify', user.id, { email: user.email }]));
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    await screen.findByText('Signed out');
    expect(calls.at(-1)).toEqual(['reset']);
  });
});
