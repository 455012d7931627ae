import { http, HttpResponse } from 'msw';

import type { ErrorBody, Profile } from '@/types/api';

import { createAccessToken, createMockUser } from '../../data-generators';
import { authDb, mockId, type MockSession, type MockUser } from '../auth-db';
import { apiPath, authPath } from './api-path';

/**
 * The auth API (`/auth/v1`) and `GET /api/v1/profiles/me` as docs/api.md describes them, over
 * `authDb`: GoTrue's error shape for `X-Supabase-Api-Version` clients (`{code, message}`),
 * sessions with rotating refresh tokens, TOTP factors, recovery mails, referral rewards.
 */

const LIFETIME_SECONDS = 3600;
const REFERRAL_CREDITS = 10;

function authError(status: number, code: string, message: string) {
  return HttpResponse.json({ code, message }, { status });
}

function apiError(status: number, code: string, message: string) {
  return HttpResponse.json<ErrorBody>({ status, code, message }, { status });
}

export function userJson(user: MockUser) {
  return {
    id: user.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: user.email,
    email_confirmed_at: user.created_at,
    confirmed_at: user.created_at,
    phone: '',
    created_at: user.created_at,
    updated_at: user.created_at,
    last_sign_in_at: user.created_at,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: user.user_metadata,
    identities: [],
    factors: user.factors.map((factor) => ({
      id: factor.id,
      friendly_name: null,
      factor_type: 'totp',
      status: factor.status,
      created_at: user.created_at,
      updated_at: user.created_at,
    })),
    is_anonymous: false,
  };
}

/** Starts a session for `user` at `aal` and answers it as the server does. */
export function issueSession(user: MockUser, aal: 'aal1' | 'aal2' = 'aal1', sessionId = mockId('session')) {
  const expiresAt = Math.floor(Date.now() / 1000) + LIFETIME_SECONDS;
  const session: MockSession = {
    id: sessionId,
    userId: user.id,
    aal,
    refreshToken: mockId('refresh'),
    accessToken: createAccessToken({
      sub: user.id,
      session_id: sessionId,
      aal,
      email: user.email,
      exp: expiresAt,
      jti: mockId('jti'),
    }),
  };
  authDb.sessions = authDb.sessions.filter((existing) => existing.id !== sessionId);
  authDb.sessions.push(session);
  return {
    access_token: session.accessToken,
    token_type: 'bearer',
    expires_in: LIFETIME_SECONDS,
    expires_at: expiresAt,
    refresh_token: session.refreshToken,
    user: userJson(user),
  };
}

/** The session and user of the request's bearer token, or null. */
export function bearer(request: Request): { session: MockSession; user: MockUser } | null {
  const token = request.headers.get('Authorization')?.replace(/^Bearer /, '');
  const session = authDb.sessions.find((candidate) => candidate.accessToken === token);
  const user = session && authDb.users.find((candidate) => candidate.id === session.userId);
  return session && user ? { session, user } : null;
}

/** Awards the referral credits once per referred account (never for one's own code). */
function applyReferral(user: MockUser, code: unknown) {
  if (typeof code !== 'string' || user.referred) return;
  const referrer = authDb.users.find((candidate) => candidate.profile.referral_code === code);
  if (!referrer || referrer.id === user.id) return;
  referrer.credits += REFERRAL_CREDITS;
  user.credits += REFERRAL_CREDITS;
  user.referred = true;
}

async function body(request: Request): Promise<Record<string, unknown>> {
  const parsed: unknown = await request.json().catch(() => ({}));
  return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
}

export function profileJson(user: MockUser): Profile {
  return {
    id: user.id,
    email: user.email,
    ...user.profile,
    created_at: user.created_at,
    updated_at: user.created_at,
    credits: user.credits,
  };
}

export const authHandlers = [
  http.get(authPath('/settings'), () =>
    HttpResponse.json({
      external: { email: true, phone: false, google: authDb.googleEnabled },
      disable_signup: false,
      mailer_autoconfirm: true,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
    }),
  ),

  http.post(authPath('/signup'), async ({ request }) => {
    const { email, password, data } = await body(request);
    if (typeof email !== 'string' || !email.includes('@')) {
      return authError(400, 'email_address_invalid', `Email address "${String(email)}" is invalid`);
    }
    if (typeof password !== 'string' || password.length < 6) {
      return authError(422, 'weak_password', 'Password should be at least 6 characters.');
    }
    const address = email.trim().toLowerCase();
    if (authDb.users.some((user) => user.email === address)) {
      return authError(422, 'user_already_exists', 'User already registered');
    }
    const metadata = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
    const user = createMockUser({ email: address, password, user_metadata: metadata });
    user.profile.first_name = typeof metadata.first_name === 'string' ? metadata.first_name : '';
    user.profile.last_name = typeof metadata.last_name === 'string' ? metadata.last_name : '';
    authDb.users.push(user);
    applyReferral(user, metadata.referral_code);
    return HttpResponse.json(issueSession(user));
  }),

  http.post(authPath('/token'), async ({ request }) => {
    const grant = new URL(request.url).searchParams.get('grant_type');
    const fields = await body(request);
    if (grant === 'password') {
      const address = typeof fields.email === 'string' ? fields.email.trim().toLowerCase() : '';
      const user = authDb.users.find((candidate) => candidate.email === address);
      if (!user || user.password !== fields.password) {
        return authError(400, 'invalid_credentials', 'Invalid login credentials');
      }
      return HttpResponse.json(issueSession(user));
    }
    if (grant === 'refresh_token') {
      const session = authDb.sessions.find((candidate) => candidate.refreshToken === fields.refresh_token);
      const user = session && authDb.users.find((candidate) => candidate.id === session.userId);
      if (!session || !user) return authError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
      return HttpResponse.json(issueSession(user, session.aal, session.id));
    }
    if (grant === 'pkce') {
      const flow = typeof fields.auth_code === 'string' ? authDb.authCodes.get(fields.auth_code) : undefined;
      const user = flow && authDb.users.find((candidate) => candidate.id === flow.userId);
      if (!flow || !user) return authError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found');
      const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(String(fields.code_verifier)));
      const challenge = btoa(String.fromCharCode(...new Uint8Array(digest)))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
      if (challenge !== flow.codeChallenge) return authError(400, 'bad_code_verifier', 'code challenge does not match previously saved code verifier');
      authDb.authCodes.delete(String(fields.auth_code));
      return HttpResponse.json(issueSession(user));
    }
    return authError(400, 'unsupported_grant_type', 'unsupported grant type');
  }),

  http.get(authPath('/user'), ({ request }) => {
    const caller = bearer(request);
    if (!caller) return authError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
    return HttpResponse.json(userJson(caller.user));
  }),

  http.put(authPath('/user'), async ({ request }) => {
    const caller = bearer(request);
    if (!caller) return authError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
    const { password, data } = await body(request);
    const { user, session } = caller;
    if (typeof password === 'string') {
      if (user.factors.some((factor) => factor.status === 'verified') && session.aal !== 'aal2') {
        return authError(401, 'insufficient_aal', 'AAL2 session is required to update email or password when MFA is enabled.');
      }
      if (password.length < 6) return authError(422, 'weak_password', 'Password should be at least 6 characters.');
      if (password === user.password) {
        return authError(422, 'same_password', 'New password should be different from the old password.');
      }
      user.password = password;
    }
    if (typeof data === 'object' && data !== null) {
      user.user_metadata = { ...user.user_metadata, ...(data as Record<string, unknown>) };
      applyReferral(user, (data as Record<string, unknown>).referral_code);
    }
    return HttpResponse.json(userJson(user));
  }),

  http.post(authPath('/logout'), ({ request }) => {
    const caller = bearer(request);
    if (!caller) return authError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
    authDb.sessions = authDb.sessions.filter((session) => session.userId !== caller.user.id);
    return new HttpResponse(null, { status: 204 });
  }),

  http.post(authPath('/recover'), async ({ request }) => {
    const { email } = await body(request);
    if (typeof email !== 'string' || !email.includes('@')) {
      return authError(400, 'email_address_invalid', 'Unable to validate email address: invalid format');
    }
    const address = email.trim().toLowerCase();
    if (authDb.users.some((user) => user.email === address)) {
      authDb.mails.push({ to: address, type: 'recovery', redirectTo: new URL(request.url).searchParams.get('redirect_to') });
    }
    return HttpResponse.json({});
  }),

  // Enrolment: the mock's factors accept the code 123456 (tests may change `factor.code`).
  http.post(authPath('/factors'), async ({ request }) => {
    const caller = bearer(request);
    if (!caller) return authError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
    const { factor_type: factorType } = await body(request);
    if (factorType !== 'totp') return authError(422, 'validation_failed', 'factor_type must be totp');
    const factor = { id: mockId('factor'), status: 'unverified' as const, code: '123456' };
    caller.user.factors.push(factor);
    return HttpResponse.json({
      id: factor.id,
      type: 'totp',
      friendly_name: 'Authenticator app',
      totp: {
        qr_code: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>',
        secret: 'JBSWY3DPEHPK3PXP',
        uri: `otpauth://totp/designcore:${caller.user.email}?secret=JBSWY3DPEHPK3PXP&issuer=designcore`,
      },
    });
  }),

  http.delete(authPath('/factors/:factorId'), ({ request, params }) => {
    const caller = bearer(request);
    if (!caller) return authError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
    const index = caller.user.factors.findIndex((factor) => factor.id === params.factorId);
    if (index < 0) return authError(404, 'mfa_factor_not_found', 'Factor not found');
    caller.user.factors.splice(index, 1);
    return HttpResponse.json({ id: params.factorId });
  }),

  http.post(authPath('/factors/:factorId/challenge'), ({ request, params }) => {
    const caller = bearer(request);
    if (!caller) return authError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
    if (!caller.user.factors.some((factor) => factor.id === params.factorId)) {
      return authError(404, 'mfa_factor_not_found', 'Factor not found');
    }
    return HttpResponse.json({ id: mockId('challenge'), type: 'totp', expires_at: Math.floor(Date.now() / 1000) + 300 });
  }),

  http.post(authPath('/factors/:factorId/verify'), async ({ request, params }) => {
    const caller = bearer(request);
    if (!caller) return authError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
    const factor = caller.user.factors.find((candidate) => candidate.id === params.factorId);
    if (!factor) return authError(404, 'mfa_factor_not_found', 'Factor not found');
    const { code } = await body(request);
    if (code !== factor.code) return authError(422, 'mfa_verification_failed', 'Invalid TOTP code entered');
    factor.status = 'verified';
    return HttpResponse.json(issueSession(caller.user, 'aal2', caller.session.id));
  }),

  http.get(apiPath('/profiles/me'), ({ request }) => {
    if (!request.headers.get('Authorization')) return apiError(401, 'sign_in_required', 'Sign in to see your profile');
    const caller = bearer(request);
    if (!caller) return apiError(401, 'invalid_token', 'The access token is not valid');
    return HttpResponse.json(profileJson(caller.user));
  }),

  http.patch(apiPath('/profiles/me'), async ({ request }) => {
    const caller = bearer(request);
    if (!caller) return apiError(401, 'sign_in_required', 'Sign in to change your profile');
    const { time_zone: zone } = (await body(request)) as { time_zone?: unknown };
    if (typeof zone !== 'string' || !/^[A-Za-z_]+(\/[A-Za-z_+-]+)*$/.test(zone)) {
      return apiError(400, 'validation_failed', 'time_zone: expected an IANA time zone name');
    }
    caller.user.profile.time_zone = zone;
    return HttpResponse.json(profileJson(caller.user));
  }),
];
