import { useState, type FormEvent } from 'react';

import { Button } from '@/components/ui/button';
import { FormAlert, PasswordField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toast-store';

import { serverErrorMessage } from '../lib/messages';
import { collectErrors, validatePassword, type FieldErrors } from '../lib/validation';

import { useAuth } from './auth-provider';

import styles from './auth-forms.module.css';

type Field = 'password' | 'confirm';

/** Account settings: a new password (at least 6 characters, typed twice). */
export function ChangePasswordForm() {
  const { updatePassword } = useAuth();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = collectErrors<Field>({
      password: validatePassword(password),
      confirm: confirm === password ? undefined : 'Passwords do not match',
    });
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    setPending(true);
    try {
      await updatePassword(password);
      setPassword('');
      setConfirm('');
      toast.success('Password updated', 'Use your new password the next time you sign in.');
    } catch (error) {
      setFailure(serverErrorMessage(error));
    } finally {
      setPending(false);
    }
  };

  return (
    <form className={styles.form} noValidate onSubmit={(event) => void submit(event)} aria-label="Change password">
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <PasswordField
        label="New password"
        autoComplete="new-password"
        value={password}
        error={errors.password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <PasswordField
        label="Confirm new password"
        autoComplete="new-password"
        value={confirm}
        error={errors.confirm}
        onChange={(event) => setConfirm(event.target.value)}
      />
      <Button type="submit" disabled={pending} aria-busy={pending}>
        {pending ? 'Saving…' : 'Change password'}
      </Button>
    </form>
  );
}
