import type { AuthMode } from './auth-mode';

export type AuthFormProps = {
  /** The form finished (signed in, signed up, link sent): the dialog closes. */
  onDone: () => void;
  /** A link to another mode of the dialog. */
  onSwitch: (mode: AuthMode) => void;
};
