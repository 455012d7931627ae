import { Button } from '@/components/ui/button';
import { FormAlert, TextField } from '@/components/ui/form-field';

import { useAuthForm } from '../hooks/use-auth-form';
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
  const { formRef, field, failure, pending, onSubmit } = useAuthForm({
    initial: { code: '' },
    validate: ({ code }) => ({ code: validateTotpCode(code) }),
    normalize: { code: (text) => text.replace(/\D/g, '') },
    submit: async ({ code }, form) => {
      try {
        await verifyMfa(code);
      } catch (failed) {
        form.reset();
        throw failed;
      }
      onVerified();
    },
  });

  return (
    <form ref={formRef} className={styles.form} noValidate onSubmit={onSubmit}>
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
        {...field('code')}
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
