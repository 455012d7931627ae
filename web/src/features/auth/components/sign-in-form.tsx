import { Button } from '@/components/ui/button';
import { FormAlert, PasswordField, TextField } from '@/components/ui/form-field';

import { useAuthForm } from '../hooks/use-auth-form';
import { signInErrorMessage } from '../lib/messages';
import { requireText, validatePassword } from '../lib/validation';

import { useAuth } from './auth-provider';
import type { AuthFormProps } from './auth-form-props';
import { GoogleSignIn } from './google-sign-in';

import styles from './auth-forms.module.css';

/** Sign-in (spec section 5: e-mail and password required; section 8: its error texts). */
export function SignInForm({ onDone, onSwitch }: AuthFormProps) {
  const { signIn } = useAuth();
  const { formRef, field, failure, pending, onSubmit } = useAuthForm({
    initial: { email: '', password: '' },
    validate: ({ email, password }) => ({
      email: requireText(email, 'Email'),
      password: validatePassword(password, { minLength: false }),
    }),
    submit: async ({ email, password }) => {
      const { mfaRequired } = await signIn(email, password);
      // With a second factor the dialog asks for the code next; otherwise this is done.
      if (!mfaRequired) onDone();
    },
    failureMessage: signInErrorMessage,
  });

  return (
    <form ref={formRef} className={styles.form} noValidate onSubmit={onSubmit}>
      <GoogleSignIn />
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        {...field('email')}
      />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="current-password"
        required
        {...field('password')}
      />
      <button type="button" className={`${styles.linkButton} ${styles.forgot}`} onClick={() => onSwitch('reset')}>
        Forgot password?
      </button>
      <Button type="submit" size="lg" className={styles.submit} disabled={pending}>
        {pending ? 'Signing in…' : 'Sign In'}
      </Button>
      <p className={styles.switch}>
        Don’t have an account?{' '}
        <button type="button" className={styles.linkButton} onClick={() => onSwitch('signup')}>
          Sign up
        </button>
      </p>
    </form>
  );
}
