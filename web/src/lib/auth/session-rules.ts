/**
 * The session rules of `src/designcore/domain/auth_session.py`, in TypeScript for the web app's
 * auth client. Both are held to the same answers by `tests/contract/vectors/auth-session.json`,
 * which pytest (`tests/unit/domain/test_auth_session_vectors.py`) and Jest
 * (`session-rules.test.ts`) both run. Times here are milliseconds; the domain's are seconds.
 */

/** auth-js `AUTO_REFRESH_TICK_DURATION_MS`: sizes the expiry margin and the retry budget. */
export const AUTO_REFRESH_TICK_MS = 30_000;
/** A session this close to expiry is refreshed first (domain `EXPIRY_MARGIN`: 3 ticks). */
export const EXPIRY_MARGIN_MS = 3 * AUTO_REFRESH_TICK_MS;
/** The wait before the first refresh retry; each further retry doubles it. */
export const REFRESH_BACKOFF_BASE_MS = 200;
/** Retries stop when the next request could not start within this long of the first one. */
export const REFRESH_RETRY_BUDGET_MS = AUTO_REFRESH_TICK_MS;
/** The most refresh requests one refresh sends: the first and seven retries. */
export const MAX_REFRESH_ATTEMPTS = 8;
/** Error codes which, on a 401 or 403 to a user fetch, mean the stored session is dead. */
export const INVALID_TOKEN_CODES: ReadonlySet<string> = new Set([
  'bad_jwt',
  'session_not_found',
  'session_expired',
  'user_not_found',
]);
/** Sign-out answers that still end the local session. */
export const SIGN_OUT_IGNORED_STATUSES: ReadonlySet<number> = new Set([401, 403, 404]);

/** Whether a session expiring at `expiresAt` (epoch seconds) must be refreshed before use at `nowMs`. */
export function needsRefresh(expiresAt: number, nowMs: number, marginMs: number = EXPIRY_MARGIN_MS): boolean {
  return expiresAt * 1000 - nowMs < marginMs;
}

/** Milliseconds to wait before refresh request number `attempt` (0 is the first request). */
export function refreshBackoffMs(attempt: number): number {
  if (!Number.isInteger(attempt) || attempt < 0) throw new RangeError(`attempt must be 0 or more, got ${attempt}`);
  return attempt === 0 ? 0 : REFRESH_BACKOFF_BASE_MS * 2 ** (attempt - 1);
}

/**
 * Whether a refresh that failed retryably after `attemptsMade` requests, started `elapsedMs`
 * ago, may send another: fewer than `MAX_REFRESH_ATTEMPTS` were sent and the next one can start
 * inside the retry budget.
 */
export function mayRetryRefresh(attemptsMade: number, elapsedMs: number): boolean {
  if (!Number.isInteger(attemptsMade) || attemptsMade < 1) {
    throw new RangeError(`attemptsMade must be 1 or more, got ${attemptsMade}`);
  }
  const nextStart = elapsedMs + refreshBackoffMs(attemptsMade);
  return attemptsMade < MAX_REFRESH_ATTEMPTS && nextStart < REFRESH_RETRY_BUDGET_MS;
}

/** The waits before each retry when every answer is instant: 200, 400, … 12,800 ms. */
export function refreshRetryDelaysMs(): number[] {
  const delays: number[] = [];
  for (let made = 1, elapsed = 0; mayRetryRefresh(made, elapsed); made += 1) {
    delays.push(refreshBackoffMs(made));
    elapsed += refreshBackoffMs(made);
  }
  return delays;
}

/** Whether a failed call may succeed if sent again: no answer (status 0 or null) or a 5xx. */
export function isRetryable(status: number | null): boolean {
  return status === null || status === 0 || (status >= 500 && status <= 599);
}

/** Whether an answer to a user fetch says the access token can never work again. */
export function isInvalidTokenAnswer(status: number | null, code: string | null): boolean {
  return (status === 401 || status === 403) && code !== null && INVALID_TOKEN_CODES.has(code);
}

/** Whether a failed sign-out call still ends the local session (401, 403, 404). */
export function signOutFailureIgnored(status: number | null): boolean {
  return status !== null && SIGN_OUT_IGNORED_STATUSES.has(status);
}

/**
 * The claims of a JWT, read without checking its signature (the server checks it), or `null`
 * when `token` is not three base64url parts whose middle one is a JSON object.
 */
export function tokenClaims(token: string): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const part = parts[1] ?? '';
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '=');
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return typeof claims === 'object' && claims !== null && !Array.isArray(claims)
      ? (claims as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
