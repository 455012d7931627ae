// Contract test: the official Supabase Auth JavaScript client (@supabase/auth-js) against
// designcore's GoTrue-compatible auth API at /auth/v1 on a running server.
//
//   E2E_BASE_URL=http://127.0.0.1:8000 npm run e2e
//
// Each run signs up a new, unique e-mail address, so it needs a server whose e-mails need no
// confirmation (the embedded default).
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { AuthApiError, AuthClient, isAuthSessionMissingError } from '@supabase/auth-js';

import { totp } from './support/totp.mjs';

const BASE_URL = process.env.E2E_BASE_URL;
if (!BASE_URL) {
  throw new Error(
    'E2E_BASE_URL is not set: give the origin that serves /auth/v1, ' +
      'e.g. E2E_BASE_URL=http://127.0.0.1:8000 npm run e2e',
  );
}
const AUTH_URL = `${BASE_URL.replace(/\/+$/, '')}/auth/v1`;
const API_KEY = 'designcore-local';
const PASSWORD = 'Contract-test-passw0rd!';

/** A storage the client can keep its session in (Node has no localStorage). */
function memoryStorage() {
  const items = new Map();
  return {
    getItem: (key) => (items.has(key) ? items.get(key) : null),
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

function newClient() {
  return new AuthClient({
    url: AUTH_URL,
    headers: { apikey: API_KEY },
    storage: memoryStorage(),
    persistSession: true,
    autoRefreshToken: false,
    detectSessionInUrl: false,
  });
}

/** POST /token?grant_type=refresh_token outside the client, as a replayed request would be. */
async function rawRefresh(refreshToken) {
  const response = await fetch(`${AUTH_URL}/token?grant_type=refresh_token`, {
    method: 'POST',
    headers: {
      apikey: API_KEY,
      'Content-Type': 'application/json',
      'X-Supabase-Api-Version': '2024-01-01',
    },
    body: JSON.stringify({ refresh_token: refreshToken }),
  });
  return { status: response.status, body: await response.json() };
}

/** GET /user with an access token, outside the client: the status and error code. */
async function rawGetUser(accessToken) {
  const response = await fetch(`${AUTH_URL}/user`, {
    headers: { apikey: API_KEY, Authorization: `Bearer ${accessToken}`, 'X-Supabase-Api-Version': '2024-01-01' },
  });
  const body = await response.json();
  return { status: response.status, code: body.code };
}

/** Fails with the client's error in the message, or answers `data`. */
function ok({ data, error }, what) {
  assert.equal(error, null, `${what} failed: ${error?.status} ${error?.code} ${error?.message}`);
  return data;
}

test('the official client: sign-up, sign-in, refresh rotation, profile, MFA, recovery, sign-out', { timeout: 60_000 }, async () => {
  const auth = newClient();
  const email = `contract-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

  // Sign-up answers a session (no confirmation needed) and keeps the metadata.
  const signedUp = ok(
    await auth.signUp({ email, password: PASSWORD, options: { data: { first_name: 'Ada', last_name: 'Obi' } } }),
    'signUp',
  );
  assert.ok(signedUp.session?.access_token, 'signUp answered no session');
  assert.equal(signedUp.user.email, email);
  assert.equal(signedUp.user.user_metadata.first_name, 'Ada');
  assert.equal(signedUp.user.user_metadata.last_name, 'Obi');

  ok(await auth.signOut(), 'signOut after signUp');
  assert.equal(ok(await auth.getSession(), 'getSession').session, null);

  // Sign-in with the password.
  let signedIn = ok(await auth.signInWithPassword({ email, password: PASSWORD }), 'signInWithPassword');
  assert.ok(signedIn.session.access_token);
  assert.equal(signedIn.user.email, email);
  const first = signedIn.session.refresh_token;

  // Rotation: a refresh answers a new refresh token...
  const refreshed = ok(await auth.refreshSession(), 'refreshSession');
  const second = refreshed.session.refresh_token;
  assert.notEqual(second, first);
  // ...the previous token, replayed within the reuse interval (a lost response), still works...
  const replayed = await rawRefresh(first);
  assert.equal(replayed.status, 200, `replay within 10 s: ${JSON.stringify(replayed.body)}`);
  assert.ok(replayed.body.refresh_token);
  // ...and the client's own (now previous) token continues the session too.
  const again = ok(await auth.refreshSession(), 'refreshSession after a replay');
  assert.notEqual(again.session.refresh_token, second);
  // An older token replayed after that is reuse: 400 and the session is revoked.
  const reused = await rawRefresh(first);
  assert.equal(reused.status, 400);
  assert.equal(reused.body.code, 'refresh_token_already_used');
  const revoked = await auth.getUser(again.session.access_token);
  assert.ok(isAuthSessionMissingError(revoked.error), `revoked session: getUser answered ${revoked.error}`);
  assert.deepEqual(await rawGetUser(again.session.access_token), { status: 403, code: 'session_not_found' });

  // A new session for the rest.
  signedIn = ok(await auth.signInWithPassword({ email, password: PASSWORD }), 'signInWithPassword again');

  // Metadata updates merge.
  const updated = ok(await auth.updateUser({ data: { city: 'Lagos' } }), 'updateUser');
  assert.equal(updated.user.user_metadata.city, 'Lagos');
  assert.equal(updated.user.user_metadata.first_name, 'Ada');
  const fetched = ok(await auth.getUser(), 'getUser');
  assert.equal(fetched.user.email, email);
  assert.equal(fetched.user.user_metadata.city, 'Lagos');

  // TOTP: enroll, challenge, verify; the session becomes aal2.
  const enrolled = ok(await auth.mfa.enroll({ factorType: 'totp' }), 'mfa.enroll');
  assert.equal(enrolled.type, 'totp');
  assert.match(enrolled.totp.secret, /^[A-Z2-7]+=*$/);
  assert.match(enrolled.totp.uri, /^otpauth:\/\/totp\//);
  const qrCode = enrolled.totp.qr_code;
  const before = ok(await auth.mfa.getAuthenticatorAssuranceLevel(), 'getAuthenticatorAssuranceLevel');
  assert.equal(before.currentLevel, 'aal1');
  const challenge = ok(await auth.mfa.challenge({ factorId: enrolled.id }), 'mfa.challenge');
  assert.ok(challenge.id);
  ok(
    await auth.mfa.verify({ factorId: enrolled.id, challengeId: challenge.id, code: totp(enrolled.totp.secret) }),
    'mfa.verify',
  );
  const level = ok(await auth.mfa.getAuthenticatorAssuranceLevel(), 'getAuthenticatorAssuranceLevel');
  assert.equal(level.currentLevel, 'aal2');
  assert.equal(level.nextLevel, 'aal2');
  const factors = ok(await auth.mfa.listFactors(), 'mfa.listFactors');
  assert.deepEqual(
    factors.totp.map((factor) => [factor.id, factor.status]),
    [[enrolled.id, 'verified']],
  );

  // Recovery mail: no error (and no hint whether the address exists).
  ok(await auth.resetPasswordForEmail(email), 'resetPasswordForEmail');

  // Sign-out ends the session: its access token no longer works.
  const { session } = ok(await auth.getSession(), 'getSession');
  ok(await auth.signOut(), 'signOut');
  const afterSignOut = await auth.getUser(session.access_token);
  // The client reads the server's 403 session_not_found as AuthSessionMissingError.
  assert.ok(isAuthSessionMissingError(afterSignOut.error), `signed out: getUser answered ${afterSignOut.error}`);
  assert.deepEqual(await rawGetUser(session.access_token), { status: 403, code: 'session_not_found' });

  // The client prefixes qr_code with `data:image/svg+xml;utf-8,`: GoTrue answers the bare SVG.
  assert.match(qrCode, /^data:image\/svg\+xml;utf-8,<svg[\s>]/, `qr_code is not an SVG data URI: ${qrCode.slice(0, 80)}`);
});

test('a wrong password answers AuthApiError "Invalid login credentials" (400)', async () => {
  const auth = newClient();
  const email = `contract-wrong-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  ok(await auth.signUp({ email, password: PASSWORD }), 'signUp');
  ok(await auth.signOut(), 'signOut');
  for (const [who, password] of [
    [email, 'Wrong-passw0rd!'],
    [`contract-nobody-${Date.now()}@example.com`, PASSWORD],
  ]) {
    const { data, error } = await auth.signInWithPassword({ email: who, password });
    assert.equal(data.session, null);
    assert.ok(error instanceof AuthApiError, `expected an AuthApiError, got ${error?.name}: ${error?.message}`);
    assert.equal(error.message, 'Invalid login credentials');
    assert.equal(error.status, 400);
    assert.equal(error.code, 'invalid_credentials');
  }
});
