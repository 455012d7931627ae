import { AuthError } from '@/lib/auth/auth-client';

/** Spec section 8: shown for a failure that is not the server's own answer. */
export const UNEXPECTED_ERROR = 'An unexpected error occurred. Please try again.';
/** Spec section 8: what 'Invalid login credentials' becomes. */
export const INVALID_CREDENTIALS = 'Invalid email or password. Please check your credentials and try again.';

/** The sign-in form's message for an error (spec section 8). */
export function signInErrorMessage(error: unknown): string {
  if (!(error instanceof AuthError) || !error.fromServer) return UNEXPECTED_ERROR;
  return error.message === 'Invalid login credentials' ? INVALID_CREDENTIALS : error.message;
}

/** Sign-up shows the server's message in the form (spec section 8). */
export function serverErrorMessage(error: unknown): string {
  return error instanceof AuthError && error.fromServer ? error.message : UNEXPECTED_ERROR;
}
