import { useEffect, useRef, useState, type FormEvent } from 'react';

import { Button } from '@/components/ui/button';
import { focusFirstInvalid } from '@/components/ui/focus';
import { TextField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toaster';

import { requireText } from '../lib/validation';

import { useAuth } from './auth-provider';
import type { AuthFormProps } from './auth-form-props';

import styles from './auth-forms.module.css';

/**
 * Asks for a password-reset link (spec section 5: e-mail required). Success closes the dialog;
 * errors are logged only (spec section 8), which also never tells whether an address has an account.
 */
export function ResetRequestForm({ onDone, onSwitch }: AuthFormProps) {
  const { resetPassword } = useAuth();
  const formRef = useRef<HTMLFormElement>(null);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (attempt > 0) focusFirstInvalid(formRef.current);
  }, [attempt]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = requireText(email, 'Email');
    setError(problem);
    if (problem) {
      setAttempt((count) => count + 1);
      return;
    }
    setPending(true);
    try {
      await resetPassword(email);
      toast.success('Check your email', `If an account exists for ${email.trim()}, a reset link is on its way.`);
      onDone();
    } catch (failure) {
      console.error('Could not send the password reset link', failure);
    } finally {
      setPending(false);
    }
  };

  return (
    <form ref={formRef} className={styles.form} noValidate onSubmit={(event) => void submit(event)}>
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        value={email}
        error={error}
        onChange={(event) => {
          setEmail(event.target.value);
          setError(undefined);
        }}
      />
      <Button type="submit" size="lg" className={styles.submit} disabled={pending}>
        {pending ? 'Sending…' : 'Send Reset Link'}
      </Button>
      <p className={styles.switch}>
        Remembered it?{' '}
        <button type="button" className={styles.linkButton} onClick={() => onSwitch('signin')}>
          Back to sign in
        </button>
      </p>
    </form>
  );
}
