/** The auth dialog's modes (spec section 2), plus the second-factor step of a sign-in. */
export type AuthMode = 'signin' | 'signup' | 'reset' | 'mfa';

/** The modes a caller may open the dialog in; `mfa` opens by itself when a sign-in needs it. */
export type OpenableAuthMode = Exclude<AuthMode, 'mfa'>;
