import { http, HttpResponse } from 'msw';

import { createAccessToken, createMockUser } from '@/testing/data-generators';
import { authDb } from '@/testing/mocks/auth-db';
import { authPath } from '@/testing/mocks/handlers/api-path';
import { issueSession } from '@/testing/mocks/handlers/auth';
import { server } from '@/testing/mocks/server';

import { createTestAuthClient, SESSION_STORAGE_KEY, signInAs } from '@/testing/auth';

import { AuthError, needsSecondFactor, tokenClaims, type AuthClient } from './auth-client';
import type { AuthEvent, Session } from './auth-types';

function recordEvents(client: AuthClient) {
  const events: [AuthEvent, string | null][] = [];
  client.onAuthStateChange((event, session) => events.push([event, session?.user.id ?? null]));
  return events;
}

function storedSession(): Session | null {
  const raw = localStorage.getItem(SESSION_STORAGE_KEY);
  return raw ? (JSON.parse(raw) as Session) : null;
}

async function failure(promise: Promise<unknown>): Promise<AuthError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AuthError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('AuthClient', () => {
  test('initialize reads no session when nothing is stored and announces INITIAL_SESSION', async () => {
    const client = createTestAuthClient();
    const events = recordEvents(client);

    await expect(client.initialize()).resolves.toEqual({ session: null, recovery: false, urlError: null });
    expect(events).toEqual([['INITIAL_SESSION', null]]);
  });

  test('a password sign-in stores the session and announces SIGNED_IN', async () => {
    const user = createMockUser({ email: 'ada@example.com', password: 'secret-1' });
    authDb.users.push(user);
    const client = createTestAuthClient();
    const events = recordEvents(client);

    const result = await client.signInWithPassword({ email: 'ada@example.com', password: 'secret-1' });

    expect(result.mfaRequired).toBe(false);
    expect(result.session?.user.id).toBe(user.id);
    expect(storedSession()?.access_token).toBe(result.session?.access_token);
    expect(events).toEqual([
      ['INITIAL_SESSION', null],
      ['SIGNED_IN', user.id],
    ]);
    expect(await client.getAccessToken()).toBe(result.session?.access_token);
  });

  test('a wrong password rejects with the server’s message, code and status', async () => {
    authDb.users.push(createMockUser({ email: 'ada@example.com', password: 'secret-1' }));
    const client = createTestAuthClient();

    const error = await failure(client.signInWithPassword({ email: 'ada@example.com', password: 'nope' }));

    expect([error.message, error.code, error.status, error.fromServer]).toEqual([
      'Invalid login credentials',
      'invalid_credentials',
      400,
      true,
    ]);
    expect(storedSession()).toBeNull();
  });

  test('a network failure is an AuthError with status 0 that is not the server’s message', async () => {
    server.use(http.post(authPath('/token'), () => HttpResponse.error()));
    const client = createTestAuthClient();

    const error = await failure(client.signInWithPassword({ email: 'ada@example.com', password: 'x' }));

    expect([error.status, error.code, error.fromServer, error.retryable]).toEqual([0, 'network_error', false, true]);
  });

  test('an error answer without a message is not shown as the server’s message', async () => {
    server.use(http.post(authPath('/token'), () => new HttpResponse('<h1>Bad Gateway</h1>', { status: 502 })));
    const client = createTestAuthClient();

    const error = await failure(client.signInWithPassword({ email: 'ada@example.com', password: 'x' }));

    expect([error.status, error.fromServer]).toEqual([502, false]);
  });

  test('sign-up sends the metadata and the redirect, and signs in when the server answers a session', async () => {
    let seen: { url: string; body: unknown } | undefined;
    server.use(
      http.post(authPath('/signup'), async ({ request }) => {
        seen = { url: request.url, body: await request.clone().json() };
        return undefined;
      }),
    );
    const client = createTestAuthClient();

    const { session } = await client.signUp({
      email: 'new@example.com',
      password: 'secret-1',
      data: { first_name: 'Ngozi', last_name: 'Eze', referral_code: 'REF1' },
      redirectTo: 'http://localhost/',
    });

    expect(new URL(seen?.url ?? '').searchParams.get('redirect_to')).toBe('http://localhost/');
    expect(seen?.body).toEqual({
      email: 'new@example.com',
      password: 'secret-1',
      data: { first_name: 'Ngozi', last_name: 'Eze', referral_code: 'REF1' },
    });
    expect(session?.user.email).toBe('new@example.com');
    expect(storedSession()?.user.email).toBe('new@example.com');
  });

  test('sign-up answered with a user alone (confirmation on) starts no session', async () => {
    const user = createMockUser();
    server.use(
      http.post(authPath('/signup'), () => HttpResponse.json({ id: user.id, email: user.email, app_metadata: {}, user_metadata: {} })),
    );
    const client = createTestAuthClient();

    const result = await client.signUp({ email: user.email, password: 'secret-1' });

    expect(result.session).toBeNull();
    expect(result.user.id).toBe(user.id);
    expect(storedSession()).toBeNull();
  });

  test('a stored session that is about to expire is refreshed at start (the refresh token rotates)', async () => {
    const user = createMockUser();
    const session = signInAs(user);
    localStorage.setItem(
      SESSION_STORAGE_KEY,
      JSON.stringify({ ...session, expires_at: Math.floor(Date.now() / 1000) + 30 }),
    );
    const client = createTestAuthClient();

    const { session: current } = await client.initialize();

    expect(current?.refresh_token).not.toBe(session.refresh_token);
    expect(storedSession()?.refresh_token).toBe(current?.refresh_token);
  });

  test('a refresh the server refuses removes the session and announces SIGNED_OUT', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const session = signInAs(createMockUser());
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ ...session, expires_at: Math.floor(Date.now() / 1000) }));
    authDb.sessions = [];
    const client = createTestAuthClient();
    const events = recordEvents(client);

    const { session: current } = await client.initialize();

    expect(current).toBeNull();
    expect(storedSession()).toBeNull();
    expect(events.map(([event]) => event)).toEqual(['SIGNED_OUT', 'INITIAL_SESSION']);
    expect(logged).toHaveBeenCalledWith('Could not refresh the stored session', expect.any(AuthError));
  });

  test('a refresh that cannot reach the server keeps the session', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const session = signInAs(createMockUser());
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ ...session, expires_at: Math.floor(Date.now() / 1000) }));
    server.use(http.post(authPath('/token'), () => HttpResponse.error()));
    const client = createTestAuthClient({ retryDelaysMs: [0, 0] });

    const { session: current } = await client.initialize();

    expect(current?.refresh_token).toBe(session.refresh_token);
    expect(storedSession()?.refresh_token).toBe(session.refresh_token);
    expect(logged).toHaveBeenCalledWith('Could not refresh the stored session', expect.any(AuthError));
  });

  test('a recovery link’s fragment becomes the session, announced as PASSWORD_RECOVERY, and leaves the URL', async () => {
    const user = createMockUser();
    authDb.users.push(user);
    const issued = issueSession(user);
    const fragment = new URLSearchParams({
      access_token: issued.access_token,
      refresh_token: issued.refresh_token,
      expires_in: '3600',
      expires_at: String(issued.expires_at),
      token_type: 'bearer',
      type: 'recovery',
    });
    const replaced: string[] = [];
    const client = createTestAuthClient({
      currentUrl: () => `http://localhost/auth/reset-password#${fragment.toString()}`,
      replaceUrl: (url) => replaced.push(url),
    });
    const events = recordEvents(client);

    const result = await client.initialize();

    expect(result.recovery).toBe(true);
    expect(result.session?.user.id).toBe(user.id);
    expect(events).toEqual([
      ['PASSWORD_RECOVERY', user.id],
      ['INITIAL_SESSION', user.id],
    ]);
    expect(replaced).toEqual(['/auth/reset-password']);
  });

  test('an error in the URL is reported with its description, and the URL is cleaned', async () => {
    const replaced: string[] = [];
    const client = createTestAuthClient({
      currentUrl: () =>
        'http://localhost/auth/reset-password#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
      replaceUrl: (url) => replaced.push(url),
    });

    const result = await client.initialize();

    expect(result.urlError).toEqual({ code: 'otp_expired', description: 'Email link is invalid or has expired' });
    expect(result.session).toBeNull();
    expect(replaced).toEqual(['/auth/reset-password']);
  });

  test('Google sign-in goes to /authorize with PKCE, offline access and forced consent; the code comes back exchanged', async () => {
    const redirects: string[] = [];
    const first = createTestAuthClient({ redirect: (url) => redirects.push(url) });
    await first.signInWithGoogle({ redirectTo: 'http://localhost/' });

    const url = new URL(redirects[0] ?? '');
    expect(url.pathname).toBe('/auth/v1/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      provider: 'google',
      redirect_to: 'http://localhost/',
      code_challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      code_challenge_method: 's256',
      access_type: 'offline',
      prompt: 'consent',
    });

    // The server's callback sends the browser back with ?code=, bound to that challenge.
    const user = createMockUser();
    authDb.users.push(user);
    authDb.authCodes.set('code-1', { userId: user.id, codeChallenge: url.searchParams.get('code_challenge') ?? '' });
    const replaced: string[] = [];
    const back = createTestAuthClient({
      currentUrl: () => 'http://localhost/?code=code-1&ref=ABC',
      replaceUrl: (next) => replaced.push(next),
    });
    const events = recordEvents(back);

    const { session } = await back.initialize();

    expect(session?.user.id).toBe(user.id);
    expect(events[0]).toEqual(['SIGNED_IN', user.id]);
    expect(replaced).toEqual(['/?ref=ABC']);
  });

  test('a ?code= without a stored verifier is not this client’s and is left alone', async () => {
    const replaced: string[] = [];
    const client = createTestAuthClient({ currentUrl: () => 'http://localhost/?code=abc', replaceUrl: (url) => replaced.push(url) });

    await expect(client.initialize()).resolves.toEqual({ session: null, recovery: false, urlError: null });
    expect(replaced).toEqual([]);
  });

  test('sign-out ends the session on the server and here', async () => {
    const user = createMockUser();
    signInAs(user);
    const client = createTestAuthClient();
    const events = recordEvents(client);
    await client.initialize();

    await client.signOut();

    expect(authDb.sessions).toEqual([]);
    expect(storedSession()).toBeNull();
    expect(await client.getSession()).toBeNull();
    expect(events.map(([event]) => event)).toEqual(['INITIAL_SESSION', 'SIGNED_OUT']);
  });

  test('sign-out clears the session here when the server no longer knows it', async () => {
    signInAs(createMockUser());
    authDb.sessions = [];
    const client = createTestAuthClient();

    await expect(client.signOut()).resolves.toBeUndefined();
    expect(storedSession()).toBeNull();
  });

  test('sign-out clears the session here and then reports a server failure', async () => {
    signInAs(createMockUser());
    server.use(http.post(authPath('/logout'), () => HttpResponse.json({ code: 'unexpected_failure', message: 'Boom' }, { status: 500 })));
    const client = createTestAuthClient();

    const error = await failure(client.signOut());

    expect(error.message).toBe('Boom');
    expect(storedSession()).toBeNull();
  });

  test('updateUser merges metadata and announces USER_UPDATED with the new user', async () => {
    const user = createMockUser({ user_metadata: { first_name: 'Ada' } });
    signInAs(user);
    const client = createTestAuthClient();
    const events = recordEvents(client);

    const updated = await client.updateUser({ data: { referral_code: 'REF9' } });

    expect(updated.user_metadata).toEqual({ first_name: 'Ada', referral_code: 'REF9' });
    expect(storedSession()?.user.user_metadata).toEqual({ first_name: 'Ada', referral_code: 'REF9' });
    expect(events.at(-1)).toEqual(['USER_UPDATED', user.id]);
  });

  test('getUser drops a session the server says has ended', async () => {
    signInAs(createMockUser());
    authDb.sessions = [];
    const client = createTestAuthClient();
    const events = recordEvents(client);

    const error = await failure(client.getUser());

    expect(error.code).toBe('session_not_found');
    expect(storedSession()).toBeNull();
    expect(events.at(-1)).toEqual(['SIGNED_OUT', null]);
  });

  test('resetPasswordForEmail asks for a recovery mail that lands on the redirect', async () => {
    authDb.users.push(createMockUser({ email: 'ada@example.com' }));
    const client = createTestAuthClient();

    await client.resetPasswordForEmail('ada@example.com', { redirectTo: 'http://localhost/auth/reset-password' });

    expect(authDb.mails).toEqual([
      { to: 'ada@example.com', type: 'recovery', redirectTo: 'http://localhost/auth/reset-password' },
    ]);
  });

  describe('with a verified TOTP factor', () => {
    const withFactor = () =>
      createMockUser({
        email: 'mfa@example.com',
        password: 'secret-1',
        factors: [{ id: 'factor-1', status: 'verified', code: '123456' }],
      });

    test('a password sign-in waits for the code: nothing is stored or announced as signed in', async () => {
      authDb.users.push(withFactor());
      const client = createTestAuthClient();
      const events = recordEvents(client);

      const result = await client.signInWithPassword({ email: 'mfa@example.com', password: 'secret-1' });

      expect(result).toEqual({ session: null, mfaRequired: true });
      expect(client.mfaPending).toBe(true);
      expect(storedSession()).toBeNull();
      expect(await client.getSession()).toBeNull();
      expect(events.map(([event]) => event)).toEqual(['INITIAL_SESSION', 'MFA_CHALLENGE_REQUIRED']);
    });

    test('the right code steps the session up to aal2, stores it and announces SIGNED_IN', async () => {
      const user = withFactor();
      authDb.users.push(user);
      const client = createTestAuthClient();
      const events = recordEvents(client);
      await client.signInWithPassword({ email: 'mfa@example.com', password: 'secret-1' });

      const session = await client.verifyPendingMfa('123456');

      expect(tokenClaims(session.access_token).aal).toBe('aal2');
      expect(needsSecondFactor(session)).toBe(false);
      expect(client.mfaPending).toBe(false);
      expect(storedSession()?.access_token).toBe(session.access_token);
      expect(events.at(-1)).toEqual(['SIGNED_IN', user.id]);
    });

    test('a wrong code is the server’s error and the sign-in keeps waiting', async () => {
      authDb.users.push(withFactor());
      const client = createTestAuthClient();
      await client.signInWithPassword({ email: 'mfa@example.com', password: 'secret-1' });

      const error = await failure(client.verifyPendingMfa('000000'));

      expect([error.code, error.message]).toEqual(['mfa_verification_failed', 'Invalid TOTP code entered']);
      expect(client.mfaPending).toBe(true);
    });

    test('giving up ends the waiting session on the server', async () => {
      authDb.users.push(withFactor());
      const client = createTestAuthClient();
      await client.signInWithPassword({ email: 'mfa@example.com', password: 'secret-1' });

      await client.cancelPendingMfa();

      expect(client.mfaPending).toBe(false);
      expect(authDb.sessions).toEqual([]);
    });

    test('an aal1 session needs the second factor only when the user has a verified one', async () => {
      const user = withFactor();
      signInAs(user, 'aal2');
      const client = createTestAuthClient();

      await expect(client.mfa.getAssuranceLevel()).resolves.toEqual({ currentLevel: 'aal2', nextLevel: 'aal2' });
      expect(needsSecondFactor(issueSession(user, 'aal1'))).toBe(true);
      expect(needsSecondFactor(issueSession(createMockUser(), 'aal1'))).toBe(false);
    });
  });

  test('tokenClaims reads a JWT payload, including non-ASCII text', () => {
    expect(tokenClaims(createAccessToken({ sub: 'u1', aal: 'aal2' }))).toEqual({ sub: 'u1', aal: 'aal2' });
    expect(tokenClaims('not-a-jwt')).toEqual({});
  });
});
