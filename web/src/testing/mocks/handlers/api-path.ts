import { env } from '@/config/env';

/** The absolute URL pattern of an API path, on the jsdom origin the client resolves against. */
export function apiPath(path: string): string {
  return new URL(`${env.API_URL}${path}`, globalThis.location.origin).toString();
}

/** The absolute URL pattern of an auth API path (`/auth/v1/...`). */
export function authPath(path: string): string {
  return new URL(`${env.AUTH_URL}${path}`, globalThis.location.origin).toString();
}
