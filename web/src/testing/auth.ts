import { env } from '@/config/env';
import type { MockUser } from '@/testing/mocks/auth-db';
import { authDb } from '@/testing/mocks/auth-db';
import { issueSession } from '@/testing/mocks/handlers/auth';

import { AuthClient, type AuthClientOptions } from '@/lib/auth/auth-client';

/** Where the client keeps the session (the default `storageKey`). */
export const SESSION_STORAGE_KEY = 'designcore.auth';

/** A client for one test: no refresh timer, no tab listener, no real navigation. */
export function createTestAuthClient(options: Partial<AuthClientOptions> = {}): AuthClient {
  return new AuthClient({
    url: env.AUTH_URL,
    autoRefresh: false,
    syncTabs: false,
    retryDelaysMs: [],
    replaceUrl: () => undefined,
    redirect: () => undefined,
    ...options,
  });
}

/** Adds `user` to the mock auth service and stores a session for it, as after a sign-in. */
export function signInAs(user: MockUser, aal: 'aal1' | 'aal2' = 'aal1') {
  if (!authDb.users.includes(user)) authDb.users.push(user);
  const session = issueSession(user, aal);
  localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
  return session;
}
