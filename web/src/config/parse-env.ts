/** The app's build-time settings, validated once at start-up (see env.ts). */
export type Env = {
  /** Base of the HTTP API, absolute (`https://…/api/v1`) or origin-relative (`/api/v1`). */
  readonly API_URL: string;
  /** Base of the auth API (GoTrue-compatible), absolute or origin-relative (`/auth/v1`). */
  readonly AUTH_URL: string;
  /** Product name shown in the header and titles. */
  readonly APP_NAME: string;
};

export type RawEnv = Readonly<Record<string, string | boolean | undefined>>;

/**
 * Validates the raw Vite variables and reports every bad one at once:
 * - `VITE_API_URL`  base of the HTTP API; default `/api/v1` (same origin as the app).
 * - `VITE_AUTH_URL` base of the auth API; default `/auth/v1` (same origin as the app).
 * - `VITE_APP_NAME` product name shown in the UI; default `designcore`.
 */
export function parseEnv(raw: RawEnv): Env {
  const problems: string[] = [];
  const text = (key: string, fallback: string): string => {
    const value = raw[key];
    if (value === undefined || value === '') return fallback;
    if (typeof value !== 'string') {
      problems.push(`${key}: expected a string, got ${typeof value}`);
      return fallback;
    }
    return value;
  };

  const baseUrl = (key: string, fallback: string): string => {
    const value = text(key, fallback).replace(/\/+$/, '');
    if (!value.startsWith('/') && !/^https?:\/\/[^/]/.test(value)) {
      problems.push(`${key}: expected a path starting with "/" or an http(s) URL, got "${value}"`);
    }
    return value;
  };
  const apiUrl = baseUrl('VITE_API_URL', '/api/v1');
  const authUrl = baseUrl('VITE_AUTH_URL', '/auth/v1');
  const appName = text('VITE_APP_NAME', 'designcore').trim();
  if (appName === '') problems.push('VITE_APP_NAME: expected a non-blank name');

  if (problems.length > 0) {
    throw new Error(`Invalid environment variables:\n- ${problems.join('\n- ')}`);
  }
  return { API_URL: apiUrl, AUTH_URL: authUrl, APP_NAME: appName };
}
