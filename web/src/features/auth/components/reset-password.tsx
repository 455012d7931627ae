import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';

import { Button, ButtonLink } from '@/components/ui/button';
import { focusFirstInvalid } from '@/components/ui/focus';
import { FormAlert, PasswordField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';

import { serverErrorMessage } from '../lib/messages';
import { collectErrors, validatePassword, type FieldErrors } from '../lib/validation';

import { useAuthDialog } from './auth-dialog-provider';
import { useAuth } from './auth-provider';
import { MfaForm } from './mfa-form';

import styles from './reset-password.module.css';

/**
 * The `/auth/reset-password` landing: the mailed recovery link signs the user in (the auth
 * client reads the session from the URL), then a new password is set here. A user with a
 * verified factor gives the 6-digit code first (the server refuses a new password otherwise).
 */
export function ResetPassword() {
  const { loading, user, recovery, mfaRequired, urlError, cancelMfa } = useAuth();
  const [done, setDone] = useState(false);

  if (done) {
    return (
      <Panel title="Password updated">
        <p className={styles.text}>Your new password is set and you’re signed in.</p>
        <div className={styles.actions}>
          <ButtonLink to={paths.home.getHref()} size="lg">
            Go home
          </ButtonLink>
        </div>
      </Panel>
    );
  }
  if (loading) {
    return (
      <Panel title="Reset Password">
        <div className={styles.center}>
          <Spinner label="Checking your reset link" />
        </div>
      </Panel>
    );
  }
  if (mfaRequired && recovery) {
    return (
      <Panel title="Reset Password">
        <p className={styles.text}>Enter the 6-digit code from your authenticator app to continue.</p>
        <MfaForm onVerified={() => undefined} onCancel={() => void cancelMfa()} />
      </Panel>
    );
  }
  if (recovery && user) {
    return (
      <Panel title="Reset Password">
        <p className={styles.text}>
          Choose a new password for <strong>{user.email}</strong>.
        </p>
        <NewPasswordForm onDone={() => setDone(true)} />
      </Panel>
    );
  }
  return <InvalidLink description={urlError?.description ?? null} />;
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={styles.page} aria-labelledby="reset-password-title">
      <div className={styles.card}>
        <h1 id="reset-password-title" className={styles.title}>
          {title}
        </h1>
        {children}
      </div>
    </section>
  );
}

function InvalidLink({ description }: { description: string | null }) {
  const authDialog = useAuthDialog();
  return (
    <Panel title="This reset link is invalid or has expired">
      <p className={styles.text}>
        {description ? `${description}. ` : ''}
        Reset links work once, for one hour. Ask for a new one and open it from the newest email.
      </p>
      <div className={styles.actions}>
        <Button size="lg" onClick={() => authDialog.open('reset')}>
          Send a new link
        </Button>
        <ButtonLink to={paths.home.getHref()} variant="secondary" size="lg">
          Go home
        </ButtonLink>
      </div>
    </Panel>
  );
}

type Field = 'password' | 'confirmation';

function NewPasswordForm({ onDone }: { onDone: () => void }) {
  const { updatePassword } = useAuth();
  const formRef = useRef<HTMLFormElement>(null);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
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
      password: validatePassword(password),
      confirmation:
        confirmation === '' ? 'Confirm your new password' : confirmation !== password ? 'Passwords do not match' : undefined,
    });
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) {
      setAttempt((count) => count + 1);
      return;
    }
    setPending(true);
    try {
      await updatePassword(password);
      onDone();
    } catch (error) {
      setFailure(serverErrorMessage(error));
    } finally {
      setPending(false);
    }
  };

  return (
    <form ref={formRef} className={styles.form} noValidate onSubmit={(event) => void submit(event)}>
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <PasswordField
        label="New password"
        name="password"
        autoComplete="new-password"
        required
        minLength={6}
        hint="At least 6 characters"
        value={password}
        error={errors.password}
        onChange={(event) => {
          setPassword(event.target.value);
          setErrors((previous) => ({ ...previous, password: undefined }));
        }}
      />
      <PasswordField
        label="Confirm new password"
        name="confirmation"
        autoComplete="new-password"
        required
        value={confirmation}
        error={errors.confirmation}
        onChange={(event) => {
          setConfirmation(event.target.value);
          setErrors((previous) => ({ ...previous, confirmation: undefined }));
        }}
      />
      <Button type="submit" size="lg" disabled={pending}>
        {pending ? 'Updating…' : 'Update Password'}
      </Button>
    </form>
  );
}
