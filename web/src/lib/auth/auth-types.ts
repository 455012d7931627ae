/** Shapes of the auth API (`/auth/v1`, docs/api.md "Auth"): GoTrue's, which our server speaks. */

export type Factor = {
  id: string;
  friendly_name?: string | null;
  factor_type: string;
  status: 'verified' | 'unverified';
  created_at: string;
  updated_at: string;
};

export type AuthUser = {
  id: string;
  email?: string;
  new_email?: string;
  email_confirmed_at?: string | null;
  created_at: string;
  updated_at?: string;
  last_sign_in_at?: string | null;
  app_metadata: Record<string, unknown>;
  user_metadata: Record<string, unknown>;
  factors?: Factor[];
};

export type Session = {
  access_token: string;
  refresh_token: string;
  token_type: string;
  /** Seconds the access token lives. */
  expires_in: number;
  /** When the access token expires, in Unix seconds. */
  expires_at: number;
  user: AuthUser;
};

/**
 * What happened (auth-js's names): `INITIAL_SESSION` once the stored session and the URL have
 * been read; `MFA_CHALLENGE_REQUIRED` when a password (or link, or Google) sign-in still needs
 * the second factor before it counts (`client.mfaPending`).
 */
export type AuthEvent =
  | 'INITIAL_SESSION'
  | 'SIGNED_IN'
  | 'SIGNED_OUT'
  | 'TOKEN_REFRESHED'
  | 'USER_UPDATED'
  | 'PASSWORD_RECOVERY'
  | 'MFA_CHALLENGE_VERIFIED'
  | 'MFA_CHALLENGE_REQUIRED';

export type AuthStateListener = (event: AuthEvent, session: Session | null) => void;

/** `GET /auth/v1/settings`. */
export type AuthSettings = {
  external: { email: boolean; phone: boolean; google?: boolean; [provider: string]: boolean | undefined };
  disable_signup: boolean;
  mailer_autoconfirm: boolean;
};

export type TotpEnrollment = {
  id: string;
  type: 'totp';
  friendly_name?: string | null;
  /** A `data:image/svg+xml` URL of the QR code, ready for an `<img src>`. */
  qr_code: string;
  secret: string;
  uri: string;
};

export type AssuranceLevel = 'aal1' | 'aal2';

/** An error in the URL a mailed link or Google sent the browser back with. */
export type UrlAuthError = {
  code: string;
  description: string;
};

export type InitializeResult = {
  session: Session | null;
  /** The session came from a recovery link (`type=recovery`). */
  recovery: boolean;
  urlError: UrlAuthError | null;
};
