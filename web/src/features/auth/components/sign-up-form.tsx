import { Button } from '@/components/ui/button';
import { FormAlert, PasswordField, TextField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toaster';
import { env } from '@/config/env';

import { useAuthForm } from '../hooks/use-auth-form';
import { requireText, validateEmail, validatePassword } from '../lib/validation';

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
  const { formRef, field, failure, pending, onSubmit } = useAuthForm<Field>({
    initial: { firstName: '', lastName: '', email: '', password: '' },
    validate: (values) => ({
      firstName: requireText(values.firstName, 'First name'),
      lastName: requireText(values.lastName, 'Last name'),
      email: validateEmail(values.email),
      password: validatePassword(values.password),
    }),
    submit: async (values) => {
      const { signedIn } = await signUp(values);
      if (!signedIn) {
        toast.success('Check your email', `We sent a confirmation link to ${values.email.trim()}.`);
      }
      onDone();
    },
  });

  return (
    <form ref={formRef} className={styles.form} noValidate onSubmit={onSubmit}>
      <GoogleSignIn />
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <div className={styles.row}>
        <TextField
          label="First name"
          name="firstName"
          autoComplete="given-name"
          required
          {...field('firstName')}
        />
        <TextField
          label="Last name"
          name="lastName"
          autoComplete="family-name"
          required
          {...field('lastName')}
        />
      </div>
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        {...field('email')}
      />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="new-password"
        required
        minLength={6}
        hint="At least 6 characters"
        {...field('password')}
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
