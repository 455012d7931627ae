import { useEffect, useRef, useState, type FormEvent } from 'react';

import { Button } from '@/components/ui/button';
import { focusFirstInvalid } from '@/components/ui/focus';
import { FormAlert, PasswordField, TextField } from '@/components/ui/form-field';

import { signInErrorMessage } from '../lib/messages';
import { collectErrors, requireText, validatePassword, type FieldErrors } from '../lib/validation';

import { useAuth } from './auth-provider';
import type { AuthFormProps } from './auth-form-props';
import { GoogleSignIn } from './google-sign-in';

import styles from './auth-forms.module.css';

type Field = 'email' | 'password';

/** Sign-in (spec section 5: e-mail and password required; section 8: its error texts). */
export function SignInForm({ onDone, onSwitch }: AuthFormProps) {
  const { signIn } = useAuth();
  const formRef = useRef<HTMLFormElement>(null);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (attempt > 0) focusFirstInvalid(formRef.current);
  }, [attempt]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = collectErrors<Field>({
      email: requireText(email, 'Email'),
      password: validatePassword(password, { minLength: false }),
    });
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) {
      setAttempt((count) => count + 1);
      return;
    }
    setPending(true);
    try {
      const { mfaRequired } = await signIn(email, password);
      // With a second factor the dialog asks for the code next; otherwise this is done.
      if (!mfaRequired) onDone();
    } catch (error) {
      setFailure(signInErrorMessage(error));
    } finally {
      setPending(false);
    }
  };

  return (
    <form ref={formRef} className={styles.form} noValidate onSubmit={(event) => void submit(event)}>
      <GoogleSignIn />
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        value={email}
        error={errors.email}
        onChange={(event) => {
          setEmail(event.target.value);
          setErrors((previous) => ({ ...previous, email: undefined }));
        }}
      />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="current-password"
        required
        value={password}
        error={errors.password}
        onChange={(event) => {
          setPassword(event.target.value);
          setErrors((previous) => ({ ...previous, password: undefined }));
        }}
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
