import { useEffect, useRef, useState, type FormEvent } from 'react';

import { Button } from '@/components/ui/button';
import { focusFirstInvalid } from '@/components/ui/focus';
import { FormAlert, PasswordField, TextField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toaster';
import { env } from '@/config/env';

import { serverErrorMessage } from '../lib/messages';
import { collectErrors, requireText, validateEmail, validatePassword, type FieldErrors } from '../lib/validation';

import { useAuth } from './auth-provider';
import type { AuthFormProps } from './auth-form-props';
import { GoogleSignIn } from './google-sign-in';

import styles from './auth-forms.module.css';

type Field = 'firstName' | 'lastName' | 'email' | 'password';

/**
 * Sign-up (spec section 5: every field required, an e-mail address, a password of at least 6
 * characters; the consent text; the server's message shown in the form).
 */
export function SignUpForm({ onDone, onSwitch }: AuthFormProps) {
  const { signUp } = useAuth();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Record<Field, string>>({ firstName: '', lastName: '', email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (attempt > 0) focusFirstInvalid(formRef.current);
  }, [attempt]);

  const set = (field: Field) => (event: { target: { value: string } }) => {
    setValues((previous) => ({ ...previous, [field]: event.target.value }));
    setErrors((previous) => ({ ...previous, [field]: undefined }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = collectErrors<Field>({
      firstName: requireText(values.firstName, 'First name'),
      lastName: requireText(values.lastName, 'Last name'),
      email: validateEmail(values.email),
      password: validatePassword(values.password),
    });
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) {
      setAttempt((count) => count + 1);
      return;
    }
    setPending(true);
    try {
      const { signedIn } = await signUp(values);
      if (!signedIn) {
        toast.success('Check your email', `We sent a confirmation link to ${values.email.trim()}.`);
      }
      onDone();
    } catch (error) {
      setFailure(serverErrorMessage(error));
    } finally {
      setPending(false);
    }
  };

  return (
    <form ref={formRef} className={styles.form} noValidate onSubmit={(event) => void submit(event)}>
      <GoogleSignIn />
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <div className={styles.row}>
        <TextField
          label="First name"
          name="firstName"
          autoComplete="given-name"
          required
          value={values.firstName}
          error={errors.firstName}
          onChange={set('firstName')}
        />
        <TextField
          label="Last name"
          name="lastName"
          autoComplete="family-name"
          required
          value={values.lastName}
          error={errors.lastName}
          onChange={set('lastName')}
        />
      </div>
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        value={values.email}
        error={errors.email}
        onChange={set('email')}
      />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="new-password"
        required
        minLength={6}
        hint="At least 6 characters"
        value={values.password}
        error={errors.password}
        onChange={set('password')}
      />
      <Button type="submit" size="lg" className={styles.submit} disabled={pending}>
        {pending ? 'Creating account…' : 'Create Account'}
      </Button>
      <p className={styles.consent}>By clicking Create Account, you consent to receiving emails from {env.APP_NAME}.</p>
      <p className={styles.switch}>
        Already have an account?{' '}
        <button type="button" className={styles.linkButton} onClick={() => onSwitch('signin')}>
          Sign in
        </button>
      </p>
    </form>
  );
}
