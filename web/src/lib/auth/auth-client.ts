import type {
  AssuranceLevel,
  AuthEvent,
  AuthSettings,
  AuthStateListener,
  AuthUser,
  Factor,
  InitializeResult,
  Session,
  TotpEnrollment,
  UrlAuthError,
} from './auth-types';
import {
  EXPIRY_MARGIN_MS,
  isInvalidTokenAnswer,
  isRetryable,
  needsRefresh,
  refreshRetryDelaysMs,
  signOutFailureIgnored,
  tokenClaims as readTokenClaims,
} from './session-rules';

/**
 * A small client for our GoTrue-compatible auth API (`/auth/v1`, docs/api.md "Auth"), written
 * instead of using @supabase/auth-js because that client alone would put the first route over
 * its 120 KB budget (docs/decisions.md, "The web app's shell"). Its session rules are in
 * `session-rules.ts`, held to `domain/auth_session.py` by a shared vector file. It follows the rules
 * designcore's Python client documents (docs/client.md, "Rules and constants"): refresh 90 s
 * before expiry with a backoff on retryable failures, the session dropped on a refresh the
 * server refuses, sign-out that clears locally whatever the server says, the assurance level
 * from the token's `aal` claim.
 *
 * One thing it adds: a sign-in of a user with a verified TOTP factor does not count until the
 * second factor is verified. Such a session is held in memory only (`mfaPending`), never stored
 * or announced as signed in, until `verifyPendingMfa(code)` steps it up to `aal2`.
 */

const API_VERSION = '2024-01-01';

/** A failure of an auth call. */
export class AuthError extends Error {
  override readonly name = 'AuthError';
  /** HTTP status, or 0 when no answer arrived. */
  readonly status: number;
  /** The service's error code (`invalid_credentials`, `weak_password`, …) or this client's. */
  readonly code: string;
  /** The message is the service's own, fit to show as given (spec section 8). */
  readonly fromServer: boolean;

  constructor(message: string, { status, code, fromServer }: { status: number; code: string; fromServer: boolean }) {
    super(message);
    this.status = status;
    this.code = code;
    this.fromServer = fromServer;
  }

  /** No answer, a 5xx, or an answer this client could not read: trying again may work. */
  get retryable(): boolean {
    return isRetryable(this.status) || this.code === 'invalid_answer';
  }
}

export type KeyValueStorage = {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
};

export type AuthClientOptions = {
  /** Base of the auth API, absolute or origin-relative (`/auth/v1`). */
  url: string;
  storage?: KeyValueStorage;
  storageKey?: string;
  fetch?: typeof fetch;
  /** The clock, in milliseconds. */
  now?: () => number;
  /** The page's address (read once, to take a session or an error from a link). */
  currentUrl?: () => string | null;
  /** Replaces the address bar's URL (without the consumed auth parameters). */
  replaceUrl?: (url: string) => void;
  /** Sends the browser elsewhere (Google sign-in). */
  redirect?: (url: string) => void;
  /** Waits before each retry of a refresh that failed retryably; its length is the retry count. */
  retryDelaysMs?: readonly number[];
  /** Refresh the session on a timer ahead of expiry (default true). */
  autoRefresh?: boolean;
  /** Follow sign-in and sign-out in other tabs through the `storage` event (default true). */
  syncTabs?: boolean;
};

type Pending = { session: Session; recovery: boolean };
type EnrolAnswer = {
  id?: string;
  friendly_name?: string | null;
  totp?: { qr_code: string; secret: string; uri: string };
  qr_code?: string;
  secret?: string;
  uri?: string;
};
type CallOptions = { body?: unknown; token?: string; query?: Record<string, string | undefined> };
type SignUpAnswer = Session | AuthUser;

const DEFAULT_RETRY_DELAYS = refreshRetryDelaysMs();

function browserStorage(): KeyValueStorage {
  const memory = new Map<string, string>();
  const local = (): Storage | null => {
    try {
      return globalThis.localStorage ?? null;
    } catch {
      return null;
    }
  };
  return {
    getItem: (key) => {
      try {
        return local()?.getItem(key) ?? memory.get(key) ?? null;
      } catch {
        return memory.get(key) ?? null;
      }
    },
    setItem: (key, value) => {
      try {
        local()?.setItem(key, value);
      } catch {
        memory.set(key, value);
      }
    },
    removeItem: (key) => {
      memory.delete(key);
      try {
        local()?.removeItem(key);
      } catch {
        // Nothing stored.
      }
    },
  };
}

/** The payload of a JWT, read without verifying it (the server verifies); `{}` when it is not one. */
export function tokenClaims(token: string): Record<string, unknown> {
  return readTokenClaims(token) ?? {};
}

export function assuranceLevel(session: Session): AssuranceLevel {
  return tokenClaims(session.access_token).aal === 'aal2' ? 'aal2' : 'aal1';
}

export function verifiedTotpFactors(user: AuthUser): Factor[] {
  return (user.factors ?? []).filter((factor) => factor.factor_type === 'totp' && factor.status === 'verified');
}

/** A session below `aal2` of a user with a verified factor still needs the second factor. */
export function needsSecondFactor(session: Session): boolean {
  return assuranceLevel(session) !== 'aal2' && verifiedTotpFactors(session.user).length > 0;
}

function isUser(value: unknown): value is AuthUser {
  return typeof value === 'object' && value !== null && typeof (value as AuthUser).id === 'string';
}

function isSession(value: unknown): value is Session {
  if (typeof value !== 'object' || value === null) return false;
  const session = value as Session;
  return (
    typeof session.access_token === 'string' &&
    typeof session.refresh_token === 'string' &&
    typeof session.expires_at === 'number' &&
    isUser(session.user)
  );
}

function invalidAnswer(what: string): AuthError {
  return new AuthError(`The auth service answered without ${what}`, {
    status: 200,
    code: 'invalid_answer',
    fromServer: false,
  });
}

function base64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class AuthClient {
  readonly #base: string;
  readonly #storage: KeyValueStorage;
  readonly #key: string;
  readonly #fetch: typeof fetch;
  readonly #now: () => number;
  readonly #currentUrl: () => string | null;
  readonly #replaceUrl: (url: string) => void;
  readonly #redirect: (url: string) => void;
  readonly #retryDelays: readonly number[];
  readonly #autoRefresh: boolean;
  readonly #syncTabs: boolean;

  #session: Session | null = null;
  #pending: Pending | null = null;
  #ready: Promise<InitializeResult> | null = null;
  #refreshing: Promise<Session | null> | null = null;
  #timer: ReturnType<typeof setTimeout> | undefined;
  readonly #listeners = new Set<AuthStateListener>();

  constructor(options: AuthClientOptions) {
    const origin = globalThis.location?.origin ?? 'http://localhost';
    this.#base = new URL(options.url.replace(/\/+$/, ''), origin).toString();
    this.#storage = options.storage ?? browserStorage();
    this.#key = options.storageKey ?? 'designcore.auth';
    this.#fetch = options.fetch ?? ((...args) => globalThis.fetch(...args));
    this.#now = options.now ?? Date.now;
    this.#currentUrl = options.currentUrl ?? (() => globalThis.location?.href ?? null);
    this.#replaceUrl =
      options.replaceUrl ?? ((url) => globalThis.history?.replaceState(globalThis.history.state, '', url));
    this.#redirect = options.redirect ?? ((url) => globalThis.location.assign(url));
    this.#retryDelays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS;
    this.#autoRefresh = options.autoRefresh ?? true;
    this.#syncTabs = options.syncTabs ?? true;
  }

  // -- state ------------------------------------------------------------------------------

  /**
   * Reads the session: first from the page's URL (a mailed link's fragment, a PKCE `?code=`, or
   * an error), else from storage (refreshed when it is about to expire). Runs once; every call
   * answers the same result. Emits `INITIAL_SESSION` at the end.
   */
  initialize(): Promise<InitializeResult> {
    this.#ready ??= this.#initialize();
    return this.#ready;
  }

  /** Listens to auth events; answers the function that stops listening. */
  onAuthStateChange(listener: AuthStateListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** The signed-in session (refreshed first when it is about to expire), or null. */
  async getSession(): Promise<Session | null> {
    await this.initialize();
    const session = this.#session;
    if (!session) return null;
    if (!this.#expiresSoon(session)) return session;
    try {
      return await this.#refresh();
    } catch {
      return this.#session;
    }
  }

  async getAccessToken(): Promise<string | null> {
    return (await this.getSession())?.access_token ?? null;
  }

  /** A sign-in waits for its second factor (`verifyPendingMfa`). */
  get mfaPending(): boolean {
    return this.#pending !== null;
  }

  /** The pending sign-in came from a recovery link. */
  get pendingRecovery(): boolean {
    return this.#pending?.recovery ?? false;
  }

  // -- signing up, in and out ------------------------------------------------------------------

  /** Signs in; `mfaRequired` means the session waits for `verifyPendingMfa`. */
  async signInWithPassword(credentials: { email: string; password: string }) {
    await this.initialize();
    const answer = await this.#call<unknown>('POST', '/token', {
      query: { grant_type: 'password' },
      body: credentials,
    });
    if (!isSession(answer)) throw invalidAnswer('a session');
    this.#accept(answer, 'SIGNED_IN');
    return { session: this.#session, mfaRequired: this.mfaPending };
  }

  /** Signs up; the session is null when the address must be confirmed first. */
  async signUp(input: { email: string; password: string; data?: Record<string, unknown>; redirectTo?: string }) {
    await this.initialize();
    const answer = await this.#call<SignUpAnswer>('POST', '/signup', {
      query: { redirect_to: input.redirectTo },
      body: { email: input.email, password: input.password, data: input.data ?? {} },
    });
    if (isSession(answer)) {
      this.#accept(answer, 'SIGNED_IN');
      return { user: answer.user, session: this.#session };
    }
    if (!isUser(answer)) throw invalidAnswer('a user');
    return { user: answer, session: null };
  }

  /**
   * Ends the session on the server, then here whatever the server said. A failure other than
   * "no such session" is thrown after the local sign-out, for the caller to log.
   */
  async signOut(): Promise<void> {
    await this.initialize();
    const token = this.#session?.access_token ?? this.#pending?.session.access_token;
    let failure: unknown = null;
    if (token) {
      try {
        await this.#call('POST', '/logout', { token });
      } catch (error) {
        if (!(error instanceof AuthError && signOutFailureIgnored(error.status))) failure = error;
      }
    }
    this.#pending = null;
    this.#clear();
    this.#emit('SIGNED_OUT', null);
    if (failure) throw failure;
  }

  /** Mails a recovery link that lands on `redirectTo` with the session in its fragment. */
  async resetPasswordForEmail(email: string, options: { redirectTo?: string } = {}): Promise<void> {
    await this.#call('POST', '/recover', { query: { redirect_to: options.redirectTo }, body: { email } });
  }

  /** Changes the signed-in user (`data` is merged into the metadata). */
  async updateUser(attributes: { email?: string; password?: string; data?: Record<string, unknown> }) {
    const session = await this.#requireSession();
    const user = await this.#call<unknown>('PUT', '/user', { token: session.access_token, body: attributes });
    if (!isUser(user)) throw invalidAnswer('a user');
    this.#replaceUser(user);
    return user;
  }

  /** The signed-in user as the server has it now (drops a session the server no longer knows). */
  async getUser(): Promise<AuthUser> {
    const session = await this.#requireSession();
    try {
      const user = await this.#call<unknown>('GET', '/user', { token: session.access_token });
      if (!isUser(user)) throw invalidAnswer('a user');
      this.#replaceUser(user);
      return user;
    } catch (error) {
      if (error instanceof AuthError && isInvalidTokenAnswer(error.status, error.code)) {
        this.#clear();
        this.#emit('SIGNED_OUT', null);
      }
      throw error;
    }
  }

  /** `GET /settings`: which sign-in methods the server offers. */
  getSettings(): Promise<AuthSettings> {
    return this.#call<AuthSettings>('GET', '/settings');
  }

  /**
   * Starts Google sign-in (PKCE): the browser goes to Google through our server and comes back
   * to `redirectTo` with `?code=`, which `initialize()` exchanges. Google is asked for offline
   * access and forced consent (spec section 7).
   */
  async signInWithGoogle(options: { redirectTo: string }): Promise<string> {
    const verifier = base64Url(crypto.getRandomValues(new Uint8Array(48)));
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
    this.#storage.setItem(`${this.#key}.code-verifier`, verifier);
    const url = new URL(`${this.#base}/authorize`);
    url.search = new URLSearchParams({
      provider: 'google',
      redirect_to: options.redirectTo,
      code_challenge: base64Url(new Uint8Array(digest)),
      code_challenge_method: 's256',
      access_type: 'offline',
      prompt: 'consent',
    }).toString();
    this.#redirect(url.toString());
    return url.toString();
  }

  // -- the second factor -------------------------------------------------------------------------

  /** Verifies the 6-digit code for the pending sign-in; then it counts (`SIGNED_IN`). */
  async verifyPendingMfa(code: string): Promise<Session> {
    const pending = this.#pending;
    if (!pending) {
      throw new AuthError('No sign-in is waiting for a code', { status: 0, code: 'mfa_not_pending', fromServer: false });
    }
    const factor = verifiedTotpFactors(pending.session.user)[0];
    if (!factor) throw invalidAnswer('a verified factor');
    const token = pending.session.access_token;
    const challenge = await this.#call<{ id: string }>('POST', `/factors/${encodeURIComponent(factor.id)}/challenge`, {
      token,
      body: {},
    });
    const session = await this.#call<unknown>('POST', `/factors/${encodeURIComponent(factor.id)}/verify`, {
      token,
      body: { challenge_id: challenge.id, code },
    });
    if (!isSession(session)) throw invalidAnswer('a session');
    this.#pending = null;
    this.#store(session);
    this.#emit(pending.recovery ? 'PASSWORD_RECOVERY' : 'SIGNED_IN', session);
    return session;
  }

  /** Gives up the pending sign-in (its session is ended on the server). */
  async cancelPendingMfa(): Promise<void> {
    const pending = this.#pending;
    if (!pending) return;
    this.#pending = null;
    try {
      await this.#call('POST', '/logout', { token: pending.session.access_token, query: { scope: 'local' } });
    } catch (error) {
      console.error('Could not end the unfinished sign-in', error);
    }
    this.#emit('SIGNED_OUT', null);
  }

  /** Factors of the signed-in user (enrolment and removal live in account settings). */
  readonly mfa = {
    listFactors: async (): Promise<Factor[]> => (await this.getUser()).factors ?? [],
    enroll: async (options: { friendlyName?: string; issuer?: string } = {}): Promise<TotpEnrollment> => {
      const session = await this.#requireSession();
      // GoTrue's answer: `{id, type, friendly_name, totp: {qr_code, secret, uri}}`, the QR code as SVG markup.
      const answer = await this.#call<EnrolAnswer>('POST', '/factors', {
        token: session.access_token,
        body: { factor_type: 'totp', friendly_name: options.friendlyName, issuer: options.issuer },
      });
      const totp = answer.totp ?? { qr_code: answer.qr_code ?? '', secret: answer.secret ?? '', uri: answer.uri ?? '' };
      if (!answer.id || !totp.secret) throw invalidAnswer('a TOTP factor');
      const svg = totp.qr_code;
      const qr = svg.startsWith('data:') ? svg : `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
      return { id: answer.id, type: 'totp', friendly_name: answer.friendly_name ?? null, qr_code: qr, secret: totp.secret, uri: totp.uri };
    },
    challenge: async (factorId: string): Promise<{ id: string; expires_at: number }> => {
      const session = await this.#requireSession();
      return this.#call('POST', `/factors/${encodeURIComponent(factorId)}/challenge`, {
        token: session.access_token,
        body: {},
      });
    },
    verify: async (input: { factorId: string; challengeId: string; code: string }): Promise<Session> => {
      const current = await this.#requireSession();
      const session = await this.#call<unknown>('POST', `/factors/${encodeURIComponent(input.factorId)}/verify`, {
        token: current.access_token,
        body: { challenge_id: input.challengeId, code: input.code },
      });
      if (!isSession(session)) throw invalidAnswer('a session');
      this.#store(session);
      this.#emit('MFA_CHALLENGE_VERIFIED', session);
      return session;
    },
    unenroll: async (factorId: string): Promise<void> => {
      const session = await this.#requireSession();
      await this.#call('DELETE', `/factors/${encodeURIComponent(factorId)}`, { token: session.access_token });
      await this.getUser();
    },
    /** Current level from the token; next is `aal2` once a factor is verified. */
    getAssuranceLevel: async (): Promise<{ currentLevel: AssuranceLevel | null; nextLevel: AssuranceLevel | null }> => {
      const session = await this.getSession();
      if (!session) return { currentLevel: null, nextLevel: null };
      const current = assuranceLevel(session);
      return { currentLevel: current, nextLevel: verifiedTotpFactors(session.user).length > 0 ? 'aal2' : current };
    },
  };

  // -- internals ---------------------------------------------------------------------------------

  async #initialize(): Promise<InitializeResult> {
    const fromUrl = await this.#sessionFromUrl();
    let recovery = false;
    if (fromUrl.session) {
      recovery = fromUrl.recovery;
      this.#accept(fromUrl.session, recovery ? 'PASSWORD_RECOVERY' : 'SIGNED_IN');
    } else {
      await this.#loadStored();
    }
    if (this.#syncTabs && typeof window !== 'undefined') {
      window.addEventListener('storage', (event) => this.#onStorage(event));
    }
    this.#emit('INITIAL_SESSION', this.#session);
    return { session: this.#session, recovery: recovery || this.pendingRecovery, urlError: fromUrl.error };
  }

  async #loadStored(): Promise<void> {
    const stored = this.#parse(this.#storage.getItem(this.#key));
    if (!stored) {
      this.#storage.removeItem(this.#key);
      return;
    }
    if (needsSecondFactor(stored)) {
      this.#storage.removeItem(this.#key);
      this.#pending = { session: stored, recovery: false };
      this.#emit('MFA_CHALLENGE_REQUIRED', null);
      return;
    }
    this.#session = stored;
    if (this.#expiresSoon(stored)) {
      try {
        await this.#refresh();
      } catch (error) {
        console.error('Could not refresh the stored session', error);
      }
    } else {
      this.#schedule();
    }
  }

  async #sessionFromUrl(): Promise<{ session: Session | null; recovery: boolean; error: UrlAuthError | null }> {
    const none = { session: null, recovery: false, error: null };
    const href = this.#currentUrl();
    if (!href) return none;
    const url = new URL(href);
    const fragment = new URLSearchParams(url.hash.replace(/^#/, ''));
    const query = url.searchParams;
    const param = (name: string) => query.get(name) ?? fragment.get(name);

    const errorCode = param('error_code');
    const errorDescription = param('error_description');
    if (errorCode || errorDescription || fragment.has('error')) {
      this.#cleanUrl(url, ['error', 'error_code', 'error_description']);
      return {
        ...none,
        error: {
          code: errorCode ?? param('error') ?? 'unknown',
          description: errorDescription ?? 'Error in URL with unspecified error_description',
        },
      };
    }

    const accessToken = fragment.get('access_token');
    const refreshToken = fragment.get('refresh_token');
    if (accessToken && refreshToken) {
      const type = fragment.get('type');
      this.#cleanUrl(url, []);
      try {
        const user = await this.#call<unknown>('GET', '/user', { token: accessToken });
        if (!isUser(user)) throw invalidAnswer('a user');
        const expiresIn = Number(fragment.get('expires_in') ?? 3600);
        const expiresAt = Number(fragment.get('expires_at') ?? Math.floor(this.#now() / 1000) + expiresIn);
        const session: Session = {
          access_token: accessToken,
          refresh_token: refreshToken,
          token_type: fragment.get('token_type') ?? 'bearer',
          expires_in: expiresIn,
          expires_at: expiresAt,
          user,
        };
        return { session, recovery: type === 'recovery', error: null };
      } catch (error) {
        return { ...none, error: { code: error instanceof AuthError ? error.code : 'unknown', description: String((error as Error).message) } };
      }
    }

    const code = query.get('code');
    const verifierKey = `${this.#key}.code-verifier`;
    const verifier = this.#storage.getItem(verifierKey);
    if (code && verifier) {
      this.#storage.removeItem(verifierKey);
      this.#cleanUrl(url, ['code']);
      try {
        const session = await this.#call<unknown>('POST', '/token', {
          query: { grant_type: 'pkce' },
          body: { auth_code: code, code_verifier: verifier },
        });
        if (!isSession(session)) throw invalidAnswer('a session');
        return { session, recovery: false, error: null };
      } catch (error) {
        return { ...none, error: { code: error instanceof AuthError ? error.code : 'unknown', description: String((error as Error).message) } };
      }
    }
    return none;
  }

  /** Drops the consumed parameters from the address bar (and an auth fragment entirely). */
  #cleanUrl(url: URL, queryNames: string[]) {
    const clean = new URL(url.toString());
    for (const name of queryNames) clean.searchParams.delete(name);
    clean.hash = '';
    this.#replaceUrl(`${clean.pathname}${clean.search}`);
  }

  /** Takes a new session: held back while it needs a second factor, else stored and announced. */
  #accept(session: Session, event: AuthEvent) {
    if (needsSecondFactor(session)) {
      this.#pending = { session, recovery: event === 'PASSWORD_RECOVERY' };
      this.#emit('MFA_CHALLENGE_REQUIRED', null);
      return;
    }
    this.#pending = null;
    this.#store(session);
    this.#emit(event, session);
  }

  #refresh(): Promise<Session | null> {
    const session = this.#session;
    if (!session) return Promise.resolve(null);
    this.#refreshing ??= this.#refreshWithRetries(session.refresh_token).finally(() => {
      this.#refreshing = null;
    });
    return this.#refreshing;
  }

  async #refreshWithRetries(refreshToken: string): Promise<Session | null> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        const session = await this.#call<unknown>('POST', '/token', {
          query: { grant_type: 'refresh_token' },
          body: { refresh_token: refreshToken },
        });
        if (!isSession(session)) throw invalidAnswer('a session');
        if (this.#session?.refresh_token !== refreshToken) return this.#session; // signed out meanwhile
        this.#store(session);
        this.#emit('TOKEN_REFRESHED', session);
        return session;
      } catch (error) {
        const retryable = !(error instanceof AuthError) || error.retryable;
        if (retryable && attempt < this.#retryDelays.length) {
          await sleep(this.#retryDelays[attempt] ?? 0);
          continue;
        }
        if (retryable) {
          this.#schedule(30_000);
        } else if (this.#session?.refresh_token === refreshToken) {
          this.#clear();
          this.#emit('SIGNED_OUT', null);
        }
        throw error;
      }
    }
  }

  #expiresSoon(session: Session): boolean {
    return needsRefresh(session.expires_at, this.#now());
  }

  #schedule(delayMs?: number) {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const session = this.#session;
    if (!this.#autoRefresh || !session) return;
    const due = delayMs ?? Math.max(session.expires_at * 1000 - this.#now() - EXPIRY_MARGIN_MS, 0);
    this.#timer = setTimeout(() => {
      this.#refresh().catch((error: unknown) => console.error('Could not refresh the session', error));
    }, Math.min(due, 2_147_483_647));
  }

  #store(session: Session) {
    this.#session = session;
    this.#storage.setItem(this.#key, JSON.stringify(session));
    this.#schedule();
  }

  #replaceUser(user: AuthUser) {
    if (!this.#session) return;
    this.#store({ ...this.#session, user });
    this.#emit('USER_UPDATED', this.#session);
  }

  #clear() {
    this.#session = null;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#storage.removeItem(this.#key);
  }

  #parse(raw: string | null): Session | null {
    if (!raw) return null;
    try {
      const value: unknown = JSON.parse(raw);
      return isSession(value) ? value : null;
    } catch {
      return null;
    }
  }

  /** Another tab signed in, refreshed or signed out. */
  #onStorage(event: StorageEvent) {
    if (event.key !== this.#key && event.key !== null) return;
    const next = this.#parse(event.key === null ? null : event.newValue);
    const previous = this.#session;
    if (!next) {
      if (!previous) return;
      this.#session = null;
      clearTimeout(this.#timer);
      this.#emit('SIGNED_OUT', null);
      return;
    }
    if (previous?.access_token === next.access_token) return;
    this.#session = next;
    this.#schedule();
    this.#emit(previous?.user.id === next.user.id ? 'TOKEN_REFRESHED' : 'SIGNED_IN', next);
  }

  async #requireSession(): Promise<Session> {
    const session = await this.getSession();
    if (!session) {
      throw new AuthError('Auth session missing!', { status: 401, code: 'session_missing', fromServer: false });
    }
    return session;
  }

  #emit(event: AuthEvent, session: Session | null) {
    for (const listener of [...this.#listeners]) {
      try {
        listener(event, session);
      } catch (error) {
        console.error('An auth state listener failed', error);
      }
    }
  }

  async #call<T>(method: string, path: string, { body, token, query }: CallOptions = {}): Promise<T> {
    const url = new URL(`${this.#base}${path}`);
    for (const [name, value] of Object.entries(query ?? {})) {
      if (value !== undefined) url.searchParams.set(name, value);
    }
    const headers: Record<string, string> = { Accept: 'application/json', 'X-Supabase-Api-Version': API_VERSION };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (token) headers.Authorization = `Bearer ${token}`;

    let response: Response;
    try {
      response = await this.#fetch(url.toString(), {
        method,
        headers,
        body: body === undefined ? null : JSON.stringify(body),
        credentials: 'same-origin',
      });
    } catch (error) {
      throw new AuthError(error instanceof Error ? error.message : String(error), {
        status: 0,
        code: 'network_error',
        fromServer: false,
      });
    }

    const text = await response.text();
    let payload: unknown = undefined;
    let readable = true;
    if (text !== '') {
      try {
        payload = JSON.parse(text);
      } catch {
        readable = false;
      }
    }
    if (!response.ok) {
      const answer = (typeof payload === 'object' && payload !== null ? payload : {}) as Record<string, unknown>;
      const message = [answer.message, answer.msg, answer.error_description, answer.error].find(
        (value): value is string => typeof value === 'string' && value !== '',
      );
      const code = [answer.code, answer.error_code].find((value): value is string => typeof value === 'string');
      if (message) throw new AuthError(message, { status: response.status, code: code ?? 'unknown', fromServer: true });
      throw new AuthError(`${method} ${path} failed with HTTP ${response.status}`, {
        status: response.status,
        code: code ?? 'unexpected_answer',
        fromServer: false,
      });
    }
    if (!readable) throw invalidAnswer('JSON');
    return payload as T;
  }
}
