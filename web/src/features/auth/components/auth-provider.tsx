import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import useSWR, { useSWRConfig } from 'swr';

import { setAccessTokenSource } from '@/lib/auth-token';
import type { Profile } from '@/types/api';

import type { AuthClient } from '@/lib/auth/auth-client';
import type { AuthEvent, AuthUser, Session, UrlAuthError } from '@/lib/auth/auth-types';
import { defaultAuthClient } from '@/lib/auth/default-client';

import { getProfile, isProfileKey, profileKey } from '../api/get-profile';
import { clearPendingReferralCode, pendingReferralCode } from '../lib/referral';

export type SignUpInput = {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
};

export type AuthContextValue = {
  user: AuthUser | null;
  session: Session | null;
  /** `GET /api/v1/profiles/me`, fetched after a session appears; null until then. */
  profile: Profile | null;
  /** True until the first session check or the first auth event. */
  loading: boolean;
  /** A sign-in waits for its 6-digit code (`verifyMfa`); it does not count as signed in yet. */
  mfaRequired: boolean;
  /** The session came from a password-recovery link (the reset page sets a new password). */
  recovery: boolean;
  /** The error a mailed link or Google sent the browser back with. */
  urlError: UrlAuthError | null;
  client: AuthClient;
  /** Answers whether the second factor is needed before the sign-in counts. */
  signIn: (email: string, password: string) => Promise<{ mfaRequired: boolean }>;
  /** Passes the pending referral code as `referral_code`; answers whether a session started. */
  signUp: (input: SignUpInput) => Promise<{ signedIn: boolean }>;
  /** Mails a recovery link that opens `/auth/reset-password`. */
  resetPassword: (email: string) => Promise<void>;
  /** Sets a new password for the signed-in (or recovering) user. */
  updatePassword: (password: string) => Promise<void>;
  verifyMfa: (code: string) => Promise<void>;
  cancelMfa: () => Promise<void>;
  signInWithGoogle: () => Promise<void>;
  /** Spec section 4: analytics reset, cache cleared, signed out, user/session/profile cleared. */
  signOut: () => Promise<void>;
  /** Fetches the profile again (after an upgrade or an account change). */
  refreshProfile: () => Promise<void>;
};

const AuthContext = createContext<AuthContextValue | null>(null);

type AuthProviderProps = {
  children: ReactNode;
  /** The auth client (tests pass their own); the app's by default. */
  client?: AuthClient;
  /** Runs first on sign-out: the place to reset analytics. */
  onSignOut?: () => void;
};

type State = {
  user: AuthUser | null;
  session: Session | null;
  loading: boolean;
  mfaRequired: boolean;
  recovery: boolean;
  urlError: UrlAuthError | null;
  /** How many sign-ins this page has seen: a part of the profile's key (`profileKey`). */
  signIns: number;
};

/** Clears every SWR key (`revalidate` refetches the ones on screen). */
type ClearCache = (revalidate: boolean) => Promise<unknown>;

/**
 * The authentication state machine of spec section 4 over the auth client, and the token source
 * of every API request (`lib/auth-token.ts`).
 */
export function AuthProvider({ children, client: given, onSignOut }: AuthProviderProps) {
  const client = useMemo(() => given ?? defaultAuthClient(), [given]);
  const { mutate } = useSWRConfig();
  const [state, setState] = useState<State>({
    user: null,
    session: null,
    loading: true,
    mfaRequired: false,
    recovery: false,
    urlError: null,
    signIns: 0,
  });
  const userId = useRef<string | null>(null);
  /** The last user who was signed in, kept through a session that merely ended or expired. */
  const lastUserId = useRef<string | null>(null);
  const onSignOutRef = useRef(onSignOut);
  useEffect(() => {
    onSignOutRef.current = onSignOut;
  }, [onSignOut]);

  // Profiles are keyed by user, so the next user's is a new key: an old one is cleared, never
  // fetched again with another user's (or no) token.
  const clearCache = useCallback<ClearCache>(
    (revalidate) =>
      mutate(
        (key) => !revalidate || !isProfileKey(key),
        undefined,
        { revalidate },
      ),
    [mutate],
  );

  // Registered during the first render too, so the children's first requests carry the token.
  useState(() => setAccessTokenSource(() => client.getAccessToken()));
  useEffect(() => {
    setAccessTokenSource(() => client.getAccessToken());
    return () => setAccessTokenSource(null);
  }, [client]);

  useEffect(() => {
    let active = true;
    const onEvent = (event: AuthEvent, session: Session | null) => {
      if (!active) return;
      const nextId = session?.user.id ?? null;
      if (event !== 'MFA_CHALLENGE_REQUIRED') {
        // Another user than the last one: nothing cached for the previous user may show.
        if (nextId !== null && lastUserId.current !== null && lastUserId.current !== nextId) {
          void clearCache(true);
        }
        if (nextId !== null) lastUserId.current = nextId;
        userId.current = nextId;
      }
      setState((previous) => ({
        ...previous,
        user: event === 'MFA_CHALLENGE_REQUIRED' ? previous.user : (session?.user ?? null),
        session: event === 'MFA_CHALLENGE_REQUIRED' ? previous.session : session,
        loading: false,
        mfaRequired: client.mfaPending,
        // A sign-in after a sign-out (same user, within SWR's deduping interval) would otherwise
        // be answered by the cleared request of the last sign-in: no profile, no Upgrade button.
        signIns: event === 'SIGNED_IN' ? previous.signIns + 1 : previous.signIns,
        recovery:
          event === 'PASSWORD_RECOVERY' || (event === 'MFA_CHALLENGE_REQUIRED' && client.pendingRecovery)
            ? true
            : event === 'SIGNED_OUT'
              ? false
              : previous.recovery,
      }));
      if (event === 'SIGNED_IN') void savePendingReferral(client);
    };
    const unsubscribe = client.onAuthStateChange(onEvent);
    client.initialize().then(
      (result) => {
        if (!active) return;
        // INITIAL_SESSION may have been emitted before this effect subscribed: a request made
        // during the first render (a child's SWR fetch runs in a layout effect) starts the
        // initialisation, which can finish first. The result carries the same session.
        const initial = client.mfaPending ? null : result.session;
        if (initial && userId.current === null) {
          userId.current = initial.user.id;
          lastUserId.current = initial.user.id;
        }
        setState((previous) => ({
          ...previous,
          user: previous.user ?? initial?.user ?? null,
          session: previous.session ?? initial ?? null,
          loading: false,
          urlError: result.urlError,
          recovery: previous.recovery || result.recovery,
        }));
      },
      (error: unknown) => {
        console.error('Could not read the session', error);
        if (active) setState((previous) => ({ ...previous, loading: false }));
      },
    );
    return () => {
      active = false;
      unsubscribe();
    };
  }, [client, clearCache]);

  // Spec section 4: the profile is fetched once a session appears. A failed fetch is logged
  // and the profile stays as it was (SWR keeps the last data on error).
  const currentUserId = state.user?.id ?? null;
  const { data: fetchedProfile, mutate: mutateProfile } = useSWR(
    currentUserId === null ? null : profileKey(currentUserId, state.signIns),
    getProfile,
    { onError: (error: unknown) => console.error('Could not load the profile', error) },
  );
  const profile = currentUserId === null ? null : (fetchedProfile ?? null);

  const value = useMemo<AuthContextValue>(() => {
    const origin = () => globalThis.location.origin;
    return {
      ...state,
      profile,
      client,
      signIn: async (email, password) => {
        const { mfaRequired } = await client.signInWithPassword({ email: email.trim(), password });
        return { mfaRequired };
      },
      signUp: async ({ firstName, lastName, email, password }) => {
        const referralCode = pendingReferralCode();
        const { session } = await client.signUp({
          email: email.trim(),
          password,
          redirectTo: `${origin()}/`,
          data: {
            first_name: firstName.trim(),
            last_name: lastName.trim(),
            ...(referralCode ? { referral_code: referralCode } : {}),
          },
        });
        return { signedIn: session !== null };
      },
      resetPassword: (email) =>
        client.resetPasswordForEmail(email.trim(), { redirectTo: `${origin()}/auth/reset-password` }),
      updatePassword: async (password) => {
        await client.updateUser({ password });
      },
      verifyMfa: async (code) => {
        await client.verifyPendingMfa(code.trim());
      },
      cancelMfa: () => client.cancelPendingMfa(),
      signInWithGoogle: async () => {
        await client.signInWithGoogle({ redirectTo: `${origin()}/` });
      },
      signOut: async () => {
        try {
          onSignOutRef.current?.();
        } catch (error) {
          console.error('Could not reset analytics', error);
        }
        await clearCache(false);
        try {
          await client.signOut();
        } catch (error) {
          console.error('Could not sign out on the server', error);
        }
        userId.current = null;
        lastUserId.current = null; // the cache was cleared just now
        setState((previous) => ({ ...previous, user: null, session: null, mfaRequired: false, recovery: false }));
        // Whatever is on screen is fetched again, signed out.
        await clearCache(true);
      },
      refreshProfile: async () => {
        await mutateProfile();
      },
    };
  }, [state, profile, client, clearCache, mutateProfile]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/**
 * Spec section 4: on sign-in a pending referral code is written into the user's metadata as
 * `referral_code` and then forgotten; if the write fails it is logged and the code stays.
 */
async function savePendingReferral(client: AuthClient): Promise<void> {
  const code = pendingReferralCode();
  if (!code) return;
  try {
    await client.updateUser({ data: { referral_code: code } });
    clearPendingReferralCode();
  } catch (error) {
    console.error('Could not save the referral code to the user metadata', error);
  }
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used within an AuthProvider');
  return context;
}
