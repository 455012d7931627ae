import { useState } from 'react';
import useSWR from 'swr';

import { Button } from '@/components/ui/button';
import { FormAlert, TextField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast-store';
import { env } from '@/config/env';

import type { Factor, TotpEnrollment } from '@/lib/auth/auth-types';

import { useAuthForm } from '../hooks/use-auth-form';
import { serverErrorMessage } from '../lib/messages';
import { validateTotpCode } from '../lib/validation';

import { useAuth } from './auth-provider';

import styles from './mfa-settings.module.css';

const isVerifiedTotp = (factor: Factor) => factor.factor_type === 'totp' && factor.status === 'verified';

/**
 * Account settings: two-factor authentication with an authenticator app. Turning it on enrols a
 * TOTP factor (`POST /auth/v1/factors`), shows its QR code and secret, and verifies a first code;
 * from then on a sign-in asks for the code. Turning it off asks to confirm with a current code
 * (checked by the server, which also raises the session to aal2, as removing a verified factor
 * needs), then removes the factor.
 */
export function MfaSettings() {
  const { client, user } = useAuth();
  const factorList = useSWR(user ? ['auth', user.id, 'factors'] : null, () => client.mfa.listFactors());
  const factors = factorList.data ?? null;
  const loadError = factorList.error ? serverErrorMessage(factorList.error) : null;
  const load = async () => {
    await factorList.mutate();
  };
  const [enrolment, setEnrolment] = useState<TotpEnrollment | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [turningOff, setTurningOff] = useState<string | null>(null);

  const verified = (factors ?? []).filter(isVerifiedTotp);

  const start = async () => {
    setBusy(true);
    setFailure(null);
    try {
      // An enrolment left unfinished earlier is removed first (one TOTP factor per user).
      for (const factor of factors ?? []) {
        if (factor.status === 'unverified') await client.mfa.unenroll(factor.id);
      }
      setEnrolment(await client.mfa.enroll({ friendlyName: 'Authenticator app', issuer: env.APP_NAME }));
    } catch (error) {
      setFailure(serverErrorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const cancel = async () => {
    const pending = enrolment;
    setEnrolment(null);
    if (pending) {
      try {
        await client.mfa.unenroll(pending.id);
      } catch (error) {
        console.error('Could not remove the unfinished factor', error);
      }
    }
    await load();
  };

  const turnedOff = async () => {
    setTurningOff(null);
    toast.success('Two-factor authentication turned off');
    await load();
  };

  if (loadError) return <FormAlert>{loadError}</FormAlert>;
  if (factors === null) return <Spinner size="sm" label="Loading two-factor settings" />;

  if (turningOff) {
    return <TurnOffForm factorId={turningOff} onCancel={() => setTurningOff(null)} onTurnedOff={turnedOff} />;
  }

  if (enrolment) {
    return (
      <EnrolForm
        enrolment={enrolment}
        onCancel={() => void cancel()}
        onVerified={async () => {
          setEnrolment(null);
          toast.success('Two-factor authentication is on', 'We will ask for a code from your app when you sign in.');
          await load();
        }}
      />
    );
  }

  return (
    <div className={styles.settings}>
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      {verified.length > 0 ? (
        <>
          <p className={styles.status}>
            <strong>On.</strong> Signing in asks for a code from your authenticator app.
          </p>
          {verified.map((factor) => (
            <Button
              key={factor.id}
              variant="secondary"
              className={styles.action}
              disabled={busy}
              onClick={() => {
                setFailure(null);
                setTurningOff(factor.id);
              }}
            >
              Turn off two-factor authentication
            </Button>
          ))}
        </>
      ) : (
        <>
          <p className={styles.status}>
            <strong>Off.</strong> Add a second step to your sign-in with an authenticator app.
          </p>
          <Button className={styles.action} disabled={busy} aria-busy={busy} onClick={() => void start()}>
            Set up two-factor authentication
          </Button>
        </>
      )}
    </div>
  );
}

/**
 * A form that checks a current code of the factor `factorId` with the server (challenge, then
 * verify), then does `after`; a refused code empties the field and shows the server's reason.
 */
function useCodeForm(factorId: string, after: () => Promise<void>) {
  const { client } = useAuth();
  return useAuthForm({
    initial: { code: '' },
    validate: ({ code }) => ({ code: validateTotpCode(code) }),
    submit: async ({ code }, form) => {
      try {
        const challenge = await client.mfa.challenge(factorId);
        await client.mfa.verify({ factorId, challengeId: challenge.id, code: code.trim() });
        await after();
      } catch (failed) {
        form.reset();
        throw failed;
      }
    },
  });
}

type EnrolFormProps = { enrolment: TotpEnrollment; onCancel: () => void; onVerified: () => Promise<void> };

function EnrolForm({ enrolment, onCancel, onVerified }: EnrolFormProps) {
  const { formRef, field, failure, pending, onSubmit } = useCodeForm(enrolment.id, onVerified);

  return (
    <form ref={formRef} className={styles.enrol} noValidate onSubmit={onSubmit} aria-label="Set up two-factor authentication">
      <p>Scan this QR code with your authenticator app, then enter the 6-digit code it shows.</p>
      <img className={styles.qr} src={enrolment.qr_code} alt="QR code for your authenticator app" width={180} height={180} />
      <p className={styles.secret}>
        Or enter this key by hand: <code data-testid="totp-secret">{enrolment.secret}</code>
      </p>
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <TextField
        label="Verification code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        {...field('code')}
      />
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending} aria-busy={pending}>
          {pending ? 'Verifying…' : 'Verify and turn on'}
        </Button>
      </div>
    </form>
  );
}

type TurnOffFormProps = { factorId: string; onCancel: () => void; onTurnedOff: () => Promise<void> };

/** Confirms turning two-factor authentication off with a current code from the app. */
function TurnOffForm({ factorId, onCancel, onTurnedOff }: TurnOffFormProps) {
  const { client } = useAuth();
  const { formRef, field, failure, pending, onSubmit } = useCodeForm(factorId, async () => {
    await client.mfa.unenroll(factorId);
    await onTurnedOff();
  });

  return (
    <form ref={formRef} className={styles.enrol} noValidate onSubmit={onSubmit} aria-label="Turn off two-factor authentication">
      <p>
        <strong>Turn off two-factor authentication?</strong> Signing in will ask only for your password. To confirm,
        enter the 6-digit code your authenticator app shows now.
      </p>
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <TextField
        label="Current code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        {...field('code')}
      />
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onCancel}>
          Keep it on
        </Button>
        <Button type="submit" disabled={pending} aria-busy={pending}>
          {pending ? 'Turning off…' : 'Turn off'}
        </Button>
      </div>
    </form>
  );
}
