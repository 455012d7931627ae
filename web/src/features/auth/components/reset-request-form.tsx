import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toaster';

import { useAuthForm } from '../hooks/use-auth-form';
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
  const { formRef, field, pending, onSubmit } = useAuthForm({
    initial: { email: '' },
    validate: ({ email }) => ({ email: requireText(email, 'Email') }),
    submit: async ({ email }) => {
      try {
        await resetPassword(email);
        toast.success('Check your email', `If an account exists for ${email.trim()}, a reset link is on its way.`);
        onDone();
      } catch (failure) {
        console.error('Could not send the password reset link', failure);
      }
    },
  });

  return (
    <form ref={formRef} className={styles.form} noValidate onSubmit={onSubmit}>
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        {...field('email')}
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
