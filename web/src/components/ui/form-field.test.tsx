import { render, screen, userEvent } from '@/testing/test-utils';

import { FormAlert, PasswordField, TextField } from './form-field';

describe('TextField', () => {
  test('labels its input and describes it by its hint and error', () => {
    render(<TextField label="Email" hint="We never share it" error="Email is required" />);

    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('We never share it Email is required');
  });

  test('is not invalid without an error', () => {
    render(<TextField label="Email" />);

    expect(screen.getByRole('textbox', { name: 'Email' })).not.toHaveAttribute('aria-invalid');
  });
});

describe('PasswordField', () => {
  test('hides the password until the toggle is pressed, and says which state it is in', async () => {
    const user = userEvent.setup();
    render(<PasswordField label="Password" defaultValue="secret" />);
    const input = screen.getByLabelText('Password');

    expect(input).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input).toHaveAttribute('type', 'password');
  });
});

describe('FormAlert', () => {
  test('an error is an alert', () => {
    render(<FormAlert>Something failed</FormAlert>);

    expect(screen.getByRole('alert')).toHaveTextContent('Something failed');
  });
});
