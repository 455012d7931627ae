import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import useSWR, { SWRConfig } from 'swr';

import { swrDefaults } from '@/lib/swr';
import { createMockUser } from '@/testing/data-generators';
import { authDb } from '@/testing/mocks/auth-db';
import { apiPath, authPath } from '@/testing/mocks/handlers/api-path';
import { server } from '@/testing/mocks/server';

import type { AuthClient } from '@/lib/auth/auth-client';

import { createTestAuthClient, signInAs } from '@/testing/auth';

import { PENDING_REFERRAL_KEY } from '../lib/referral';

import { AuthProvider, useAuth, type AuthContextValue } from './auth-provider';

function setup({ client = createTestAuthClient(), onSignOut }: { client?: AuthClient; onSignOut?: () => void } = {}) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
      <AuthProvider client={client} {...(onSignOut ? { onSignOut } : {})}>
        {children}
      </AuthProvider>
    </SWRConfig>
  );
  return { client, ...renderHook(() => useAuth(), { wrapper }) };
}

const ready = async (result: { current: AuthContextValue }) => waitFor(() => expect(result.current.loading).toBe(false));

describe('AuthProvider', () => {
  test('useAuth outside the provider throws the spec’s message', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useAuth())).toThrow('useAuth must be used within an AuthProvider');
  });

  test('loading is true until the first session check, then false with nobody signed in', async () => {
    const { result } = setup();

    expect(result.current.loading).toBe(true);
    await ready(result);
    expect([result.current.user, result.current.session, result.current.profile]).toEqual([null, null, null]);
  });

  test('a stored session is the signed-in user, and the profile is fetched after it appears', async () => {
    const user = createMockUser({ credits: 10 });
    user.profile.subscription_status = 'active';
    signInAs(user);
    const { result } = setup();

    await ready(result);
    expect(result.current.user?.id).toBe(user.id);
    await waitFor(() => expect(result.current.profile?.id).toBe(user.id));
    expect(result.current.profile).toMatchObject({ credits: 10, subscription_status: 'active', email: user.email });
  });

  test('a stored session read before the provider listens (a child fetched first) is still the signed-in user', async () => {
    const user = createMockUser();
    signInAs(user);
    const client = createTestAuthClient();
    await client.initialize(); // INITIAL_SESSION goes out with nobody listening yet
    const { result } = setup({ client });

    await ready(result);
    expect(result.current.user?.id).toBe(user.id);
    await waitFor(() => expect(result.current.profile?.id).toBe(user.id));
  });

  test('a failed profile fetch is logged and the profile stays as it was', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = createMockUser();
    signInAs(user);
    const { result } = setup();
    await waitFor(() => expect(result.current.profile?.first_name).toBe('Ada'));
    user.profile.first_name = 'Changed';
    server.use(
      http.get(apiPath('/profiles/me'), () =>
        HttpResponse.json({ status: 503, code: 'unavailable', message: 'Profiles are unavailable' }, { status: 503 }),
      ),
    );

    await act(() => result.current.refreshProfile());

    await waitFor(() => expect(error).toHaveBeenCalledWith('Could not load the profile', expect.anything()));
    expect(result.current.profile?.first_name).toBe('Ada');
  });

  test('refreshProfile fetches the profile again', async () => {
    const user = createMockUser();
    signInAs(user);
    const { result } = setup();
    await waitFor(() => expect(result.current.profile?.subscription_status).toBeNull());
    user.profile.subscription_status = 'active';
    user.profile.subscription_plan = 'premium';

    await act(() => result.current.refreshProfile());

    await waitFor(() => expect(result.current.profile?.subscription_status).toBe('active'));
  });

  test('on sign-in a pending referral code is written to the user metadata, then removed', async () => {
    const user = createMockUser({ email: 'ada@example.com', password: 'secret-1', user_metadata: { first_name: 'Ada' } });
    authDb.users.push(user);
    localStorage.setItem(PENDING_REFERRAL_KEY, 'FRIEND1');
    const { result } = setup();
    await ready(result);

    await act(() => result.current.signIn('ada@example.com', 'secret-1'));

    await waitFor(() => expect(localStorage.getItem(PENDING_REFERRAL_KEY)).toBeNull());
    expect(user.user_metadata).toEqual({ first_name: 'Ada', referral_code: 'FRIEND1' });
  });

  test('if writing the referral code fails, the failure is logged and the code stays stored', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    authDb.users.push(createMockUser({ email: 'ada@example.com', password: 'secret-1' }));
    localStorage.setItem(PENDING_REFERRAL_KEY, 'FRIEND1');
    server.use(http.put(authPath('/user'), () => HttpResponse.json({ code: 'unexpected_failure', message: 'Down' }, { status: 500 })));
    const { result } = setup();
    await ready(result);

    await act(() => result.current.signIn('ada@example.com', 'secret-1'));

    await waitFor(() =>
      expect(error).toHaveBeenCalledWith('Could not save the referral code to the user metadata', expect.anything()),
    );
    expect(localStorage.getItem(PENDING_REFERRAL_KEY)).toBe('FRIEND1');
  });

  test('a page load with a stored session is not a sign-in: the pending code is left for the next sign-in', async () => {
    signInAs(createMockUser());
    localStorage.setItem(PENDING_REFERRAL_KEY, 'FRIEND1');
    const { result } = setup();

    await ready(result);
    await waitFor(() => expect(result.current.profile).not.toBeNull());
    expect(localStorage.getItem(PENDING_REFERRAL_KEY)).toBe('FRIEND1');
  });

  test('sign-up passes the pending referral code as referral_code, with the names', async () => {
    const referrer = createMockUser();
    authDb.users.push(referrer);
    localStorage.setItem(PENDING_REFERRAL_KEY, referrer.profile.referral_code ?? '');
    const { result } = setup();
    await ready(result);

    await act(() =>
      result.current.signUp({ firstName: ' Ngozi ', lastName: 'Eze', email: 'ngozi@example.com', password: 'secret-1' }),
    );

    const created = authDb.users.find((user) => user.email === 'ngozi@example.com');
    expect(created?.user_metadata).toEqual({
      first_name: 'Ngozi',
      last_name: 'Eze',
      referral_code: referrer.profile.referral_code,
    });
    expect([referrer.credits, created?.credits]).toEqual([10, 10]);
    await waitFor(() => expect(result.current.profile?.credits).toBe(10));
  });

  test('sign-up without a pending code sends no referral_code', async () => {
    const { result } = setup();
    await ready(result);

    await act(() => result.current.signUp({ firstName: 'Ngozi', lastName: 'Eze', email: 'n@example.com', password: 'secret-1' }));

    expect(authDb.users[0]?.user_metadata).toEqual({ first_name: 'Ngozi', last_name: 'Eze' });
  });

  test('sign-out resets analytics first, clears the cache, signs out, and clears user, session and profile', async () => {
    signInAs(createMockUser());
    const order: string[] = [];
    const onSignOut = jest.fn(() => order.push('analytics reset'));
    server.use(
      http.post(authPath('/logout'), () => {
        order.push('server sign-out');
        return undefined;
      }),
    );
    const { result } = setup({ onSignOut });
    await ready(result);
    await waitFor(() => expect(result.current.profile).not.toBeNull());

    await act(() => result.current.signOut());

    expect(order).toEqual(['analytics reset', 'server sign-out']);
    expect([result.current.user, result.current.session, result.current.profile]).toEqual([null, null, null]);
    expect(authDb.sessions).toEqual([]);
  });

  test('a sign-out error is logged, and the user is signed out here anyway', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    signInAs(createMockUser());
    server.use(http.post(authPath('/logout'), () => HttpResponse.json({ code: 'unexpected_failure', message: 'Down' }, { status: 500 })));
    const { result } = setup();
    await ready(result);

    await act(() => result.current.signOut());

    expect(error).toHaveBeenCalledWith('Could not sign out on the server', expect.anything());
    expect(result.current.user).toBeNull();
  });

  test('requests made through the API client carry the access token', async () => {
    const session = signInAs(createMockUser());
    let authorization: string | null = null;
    server.use(
      http.get(apiPath('/profiles/me'), ({ request }) => {
        authorization = request.headers.get('Authorization');
        return undefined;
      }),
    );
    const { result } = setup();

    await waitFor(() => expect(result.current.profile).not.toBeNull());
    expect(authorization).toBe(`Bearer ${session.access_token}`);
  });

  test('a sign-in that needs its second factor is not signed in until the code is verified', async () => {
    const user = createMockUser({
      email: 'mfa@example.com',
      password: 'secret-1',
      factors: [{ id: 'factor-1', status: 'verified', code: '123456' }],
    });
    authDb.users.push(user);
    const { result } = setup();
    await ready(result);

    let answer: { mfaRequired: boolean } | undefined;
    await act(async () => {
      answer = await result.current.signIn('mfa@example.com', 'secret-1');
    });
    expect(answer).toEqual({ mfaRequired: true });
    expect([result.current.mfaRequired, result.current.user]).toEqual([true, null]);

    await act(() => result.current.verifyMfa('123456'));

    expect(result.current.mfaRequired).toBe(false);
    expect(result.current.user?.id).toBe(user.id);
  });
});

describe('AuthProvider and the SWR cache', () => {
  test('signing in again after a sign-out fetches the profile again, with the app’s deduping interval', async () => {
    const user = createMockUser({ email: 'again@example.com', password: 'secret-3' });
    authDb.users.push(user);
    const client = createTestAuthClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <SWRConfig value={{ ...swrDefaults, provider: () => new Map() }}>
        <AuthProvider client={client}>{children}</AuthProvider>
      </SWRConfig>
    );
    const { result } = renderHook(() => useAuth(), { wrapper });
    await ready(result);
    await act(() => result.current.signIn('again@example.com', 'secret-3'));
    await waitFor(() => expect(result.current.profile?.id).toBe(user.id));

    await act(() => result.current.signOut());
    expect(result.current.profile).toBeNull();
    await act(() => result.current.signIn('again@example.com', 'secret-3'));

    await waitFor(() => expect(result.current.profile?.id).toBe(user.id));
  });

  test('when the user id changes from one user to another, cached data is cleared and fetched again', async () => {
    const first = createMockUser();
    const second = createMockUser({ email: 'second@example.com', password: 'secret-2' });
    authDb.users.push(second);
    signInAs(first);
    const client = createTestAuthClient();
    let answer = 'cached for the first user';
    function Probe() {
      const { user } = useAuth();
      const { data } = useSWR('per-user-data', async () => answer);
      return <p>{`${user?.email ?? 'nobody'}: ${data ?? 'loading'}`}</p>;
    }
    render(
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 60_000, revalidateIfStale: false }}>
        <AuthProvider client={client}>
          <Probe />
        </AuthProvider>
      </SWRConfig>,
    );
    expect(await screen.findByText(`${first.email}: cached for the first user`)).toBeInTheDocument();

    // Another user signs in without the first signing out (another tab, a shared phone).
    answer = 'fetched for the second user';
    await act(() => client.signInWithPassword({ email: 'second@example.com', password: 'secret-2' }));

    expect(await screen.findByText('second@example.com: fetched for the second user')).toBeInTheDocument();
  });
});
