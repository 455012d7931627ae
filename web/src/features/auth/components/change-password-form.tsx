import { Button } from '@/components/ui/button';
import { FormAlert, PasswordField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toast-store';

import { useAuthForm } from '../hooks/use-auth-form';
import { validatePassword } from '../lib/validation';

import { useAuth } from './auth-provider';

import styles from './auth-forms.module.css';

type Field = 'password' | 'confirm';

/** Account settings: a new password (at least 6 characters, typed twice). */
export function ChangePasswordForm() {
  const { updatePassword } = useAuth();
  const { formRef, field, failure, pending, onSubmit } = useAuthForm<Field>({
    initial: { password: '', confirm: '' },
    validate: ({ password, confirm }) => ({
      password: validatePassword(password),
      confirm: confirm === password ? undefined : 'Passwords do not match',
    }),
    submit: async ({ password }, form) => {
      await updatePassword(password);
      form.reset();
      toast.success('Password updated', 'Use your new password the next time you sign in.');
    },
  });

  return (
    <form ref={formRef} className={styles.form} noValidate onSubmit={onSubmit} aria-label="Change password">
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <PasswordField
        label="New password"
        autoComplete="new-password"
        {...field('password')}
      />
      <PasswordField
        label="Confirm new password"
        autoComplete="new-password"
        {...field('confirm')}
      />
      <Button type="submit" disabled={pending} aria-busy={pending}>
        {pending ? 'Saving…' : 'Change password'}
      </Button>
    </form>
  );
}
