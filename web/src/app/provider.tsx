import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';

import { Toaster } from '@/components/ui/toaster';
import type { AuthClient } from '@/features/auth/api/auth-client';
import { AuthProvider } from '@/features/auth/components/auth-provider';
import { SiteSettingsProvider } from '@/features/site-settings/components/site-settings-provider';
import { swrDefaults } from '@/lib/swr';

type AppProvidersProps = {
  children: ReactNode;
  /** The auth client (tests pass their own). */
  authClient?: AuthClient;
};

/** The app-wide state below the SWR cache: who is signed in, and the site settings. */
export function AppProviders({ children, authClient }: AppProvidersProps) {
  return (
    <AuthProvider {...(authClient ? { client: authClient } : {})}>
      <SiteSettingsProvider>{children}</SiteSettingsProvider>
    </AuthProvider>
  );
}

/** Everything the app needs above the router: the SWR cache, the app state and the toasts. */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <SWRConfig value={swrDefaults}>
      <AppProviders>{children}</AppProviders>
      <Toaster />
    </SWRConfig>
  );
}
