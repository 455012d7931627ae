import { useCallback, useEffect, type ReactNode } from 'react';
import { SWRConfig } from 'swr';

import { Toaster } from '@/components/ui/toaster';
import type { AuthClient } from '@/lib/auth/auth-client';
import { AuthProvider, useAuth } from '@/features/auth/components/auth-provider';
import { SiteSettingsProvider } from '@/features/site-settings/components/site-settings-provider';
import { AnalyticsProvider, useAnalyticsClient } from '@/lib/analytics-context';
import { createRetainingCache, swrDefaults } from '@/lib/swr';

type AppProvidersProps = {
  children: ReactNode;
  /** The auth client (tests pass their own). */
  authClient?: AuthClient;
};

/** Events are the signed-in user's: identified by id and e-mail on sign-in (and on a restored
 * session). */
function AnalyticsIdentity() {
  const analytics = useAnalyticsClient();
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const email = user?.email ?? null;
  useEffect(() => {
    if (analytics && userId) analytics.identify(userId, email);
  }, [analytics, userId, email]);
  return null;
}

/** The app-wide state below the SWR cache: who is signed in, and the site settings. Analytics
 * (when an AnalyticsProvider is above) follow the signed-in user and reset on sign-out. */
export function AppProviders({ children, authClient }: AppProvidersProps) {
  const analytics = useAnalyticsClient();
  const resetAnalytics = useCallback(() => analytics?.reset(), [analytics]);
  return (
    <AuthProvider {...(authClient ? { client: authClient } : {})} onSignOut={resetAnalytics}>
      <AnalyticsIdentity />
      <SiteSettingsProvider>{children}</SiteSettingsProvider>
    </AuthProvider>
  );
}

/** Everything the app needs above the router: the SWR cache, the app state and the toasts. */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <SWRConfig value={{ ...swrDefaults, provider: () => createRetainingCache() }}>
      <AnalyticsProvider>
        <AppProviders>{children}</AppProviders>
      </AnalyticsProvider>
      <Toaster />
    </SWRConfig>
  );
}
