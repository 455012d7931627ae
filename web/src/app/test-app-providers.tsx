import { useState, type ReactNode } from 'react';

import { createTestAuthClient } from '@/testing/auth';

import { AppProviders } from './provider';

/** The app's providers with a fresh auth client, for tests rendering the app's routes. */
export function TestAppProviders({ children }: { children: ReactNode }) {
  const [client] = useState(() => createTestAuthClient());
  return <AppProviders authClient={client}>{children}</AppProviders>;
}
