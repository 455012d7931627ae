import { useEffect, useRef, useState, type FormEvent } from 'react';

import { Button } from '@/components/ui/button';
import { focusFirstInvalid } from '@/components/ui/focus';
import { FormAlert, TextField } from '@/components/ui/form-field';

import { serverErrorMessage } from '../lib/messages';
import { validateTotpCode } from '../lib/validation';

import { useAuth } from './auth-provider';

import styles from './auth-forms.module.css';

type MfaFormProps = {
  /** The code was right: the sign-in counts now. */
  onVerified: () => void;
  /** "Use another account": the pending sign-in is given up. */
  onCancel: () => void;
};

/** The second factor of a sign-in: the 6-digit code of the user's authenticator app. */
export function MfaForm({ onVerified, onCancel }: MfaFormProps) {
  const { verifyMfa } = useAuth();
  const formRef = useRef<HTMLFormElement>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (attempt > 0) focusFirstInvalid(formRef.current);
  }, [attempt]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = validateTotpCode(code);
    setError(problem);
    setFailure(null);
    if (problem) {
      setAttempt((count) => count + 1);
      return;
    }
    setPending(true);
    try {
      await verifyMfa(code);
      onVerified();
    } catch (failed) {
      setFailure(serverErrorMessage(failed));
      setCode('');
    } finally {
      setPending(false);
    }
  };

  return (
    <form ref={formRef} className={styles.form} noValidate onSubmit={(event) => void submit(event)}>
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <TextField
        label="Verification code"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={6}
        required
        className={styles.codeField}
        value={code}
        error={error}
        onChange={(event) => {
          setCode(event.target.value.replace(/\D/g, ''));
          setError(undefined);
        }}
      />
      <Button type="submit" size="lg" className={styles.submit} disabled={pending}>
        {pending ? 'Verifying…' : 'Verify'}
      </Button>
      <p className={styles.switch}>
        <button type="button" className={styles.linkButton} onClick={onCancel}>
          Use another account
        </button>
      </p>
    </form>
  );
}
