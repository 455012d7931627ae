/** Form rules of spec section 5. Each rule answers an error message, or undefined when fine. */

/** The HTML living standard's "valid e-mail address" (what `<input type="email">` accepts). */
const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

export const MIN_PASSWORD_LENGTH = 6;

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export function requireText(value: string, label: string): string | undefined {
  return value.trim() === '' ? `${label} is required` : undefined;
}

export function validateEmail(value: string): string | undefined {
  if (value.trim() === '') return 'Email is required';
  return EMAIL.test(value.trim()) ? undefined : 'Enter a valid email address';
}

export function validatePassword(value: string, { minLength = true } = {}): string | undefined {
  if (value === '') return 'Password is required';
  if (minLength && value.length < MIN_PASSWORD_LENGTH) {
    return `Password must be at least ${MIN_PASSWORD_LENGTH} characters`;
  }
  return undefined;
}

export function validateTotpCode(value: string): string | undefined {
  return /^\d{6}$/.test(value.trim()) ? undefined : 'Enter the 6-digit code from your authenticator app';
}

/** Drops the fields without an error; empty means the form is valid. */
export function collectErrors<K extends string>(errors: Record<K, string | undefined>): FieldErrors<K> {
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => message !== undefined)) as FieldErrors<K>;
}
