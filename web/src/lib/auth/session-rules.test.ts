import vectors from '../../../../tests/contract/vectors/auth-session.json';

import {
  EXPIRY_MARGIN_MS,
  INVALID_TOKEN_CODES,
  isInvalidTokenAnswer,
  isRetryable,
  MAX_REFRESH_ATTEMPTS,
  mayRetryRefresh,
  needsRefresh,
  REFRESH_RETRY_BUDGET_MS,
  refreshBackoffMs,
  refreshRetryDelaysMs,
  SIGN_OUT_IGNORED_STATUSES,
  signOutFailureIgnored,
  tokenClaims,
} from './session-rules';

describe('session rules (shared vectors with domain/auth_session.py)', () => {
  test('the constants are the domain’s', () => {
    expect(vectors.constants).toEqual({
      expiry_margin_ms: EXPIRY_MARGIN_MS,
      refresh_retry_budget_ms: REFRESH_RETRY_BUDGET_MS,
      max_refresh_attempts: MAX_REFRESH_ATTEMPTS,
      invalid_token_codes: [...INVALID_TOKEN_CODES].sort(),
      sign_out_ignored_statuses: [...SIGN_OUT_IGNORED_STATUSES].sort((a, b) => a - b),
    });
  });

  test.each(vectors.needs_refresh)('needsRefresh($expires_at at $now_ms) is $needs_refresh', (c) => {
    expect(needsRefresh(c.expires_at, c.now_ms)).toBe(c.needs_refresh);
  });

  test.each(vectors.refresh_backoff)('attempt $attempt waits $wait_ms ms', (c) => {
    expect(refreshBackoffMs(c.attempt)).toBe(c.wait_ms);
  });

  test.each(vectors.may_retry_refresh)('after $attempts_made attempts and $elapsed_ms ms, retry: $may_retry', (c) => {
    expect(mayRetryRefresh(c.attempts_made, c.elapsed_ms)).toBe(c.may_retry);
  });

  test.each(vectors.is_retryable)('status $status retryable: $retryable', (c) => {
    expect(isRetryable(c.status)).toBe(c.retryable);
  });

  test.each(vectors.is_invalid_token_answer)('$status $code ends the session: $invalid', (c) => {
    expect(isInvalidTokenAnswer(c.status, c.code)).toBe(c.invalid);
  });

  test.each(vectors.sign_out_failure_ignored)('sign-out answered $status still signs out: $ignored', (c) => {
    expect(signOutFailureIgnored(c.status)).toBe(c.ignored);
  });

  test.each(vectors.token_claims)('token claims: $description', (c) => {
    expect(tokenClaims(c.token)).toEqual(c.claims);
  });

  test('the default retry waits are those a refresh with instant answers may make', () => {
    expect(refreshRetryDelaysMs()).toEqual(
      vectors.refresh_backoff.filter((c) => c.attempt >= 1 && c.attempt < MAX_REFRESH_ATTEMPTS).map((c) => c.wait_ms),
    );
  });
});
