import { FormAlert, TextField } from '@/components/ui/form-field';
import { AuthError } from '@/lib/auth/auth-client';
import { render, screen, userEvent } from '@/testing/test-utils';

import { requireText, validateTotpCode } from '../lib/validation';

import { useAuthForm } from './use-auth-form';

/** A two-field form on the hook: a name, and a code kept to digits; the server refuses "000000". */
function CodeForm({ sent }: { sent: string[] }) {
  const { formRef, field, failure, pending, onSubmit } = useAuthForm({
    initial: { name: '', code: '' },
    validate: ({ name, code }) => ({ name: requireText(name, 'Name'), code: validateTotpCode(code) }),
    normalize: { code: (text) => text.replace(/\D/g, '') },
    submit: async ({ name, code }, form) => {
      if (code === '000000') {
        form.reset();
        throw new AuthError('Invalid TOTP code entered', { status: 422, code: 'mfa_verification_failed', fromServer: true });
      }
      sent.push(`${name}:${code}`);
    },
  });
  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} aria-label="Verify">
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <TextField label="Name" {...field('name')} />
      <TextField label="Code" {...field('code')} />
      <button type="submit" disabled={pending}>
        Send
      </button>
    </form>
  );
}

function setup() {
  const sent: string[] = [];
  const user = userEvent.setup();
  render(<CodeForm sent={sent} />);
  return { sent, user };
}

describe('useAuthForm', () => {
  test('a refused submit marks every bad field, focuses the first and sends nothing', async () => {
    const { sent, user } = setup();

    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Name is required');
    expect(screen.getByLabelText('Code')).toHaveAccessibleDescription('Enter the 6-digit code from your authenticator app');
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(sent).toEqual([]);
  });

  test('typing in a field clears its error only, and the code keeps digits only', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Send' }));

    await user.type(screen.getByLabelText('Code'), '12a-34 56');

    expect(screen.getByLabelText('Code')).toHaveValue('123456');
    expect(screen.getByLabelText('Code')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
  });

  test('valid values are sent once', async () => {
    const { sent, user } = setup();

    await user.type(screen.getByLabelText('Name'), 'Ada');
    await user.type(screen.getByLabelText('Code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(sent).toEqual(['Ada:123456']);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('a refusal from the server is the form’s alert, and the form can reset itself', async () => {
    const { sent, user } = setup();

    await user.type(screen.getByLabelText('Name'), 'Ada');
    await user.type(screen.getByLabelText('Code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid TOTP code entered');
    expect(screen.getByLabelText('Code')).toHaveValue('');
    expect(sent).toEqual([]);
  });
});
