import { env } from '@/config/env';

import { AuthClient } from './auth-client';

let client: AuthClient | null = null;

/** The app's auth client, on `VITE_AUTH_URL`, made on first use. */
export function defaultAuthClient(): AuthClient {
  client ??= new AuthClient({ url: env.AUTH_URL });
  return client;
}
