import { useState, type ReactNode } from 'react';

import { createMockUser } from '@/testing/data-generators';
import { authDb, type MockUser } from '@/testing/mocks/auth-db';
import { issueSession } from '@/testing/mocks/handlers/auth';
import { renderApp, screen, within } from '@/testing/test-utils';

import { createTestAuthClient } from '@/testing/auth';

import { AuthDialogProvider } from './auth-dialog-provider';
import { AuthProvider, useAuth } from './auth-provider';
import { ResetPassword } from './reset-password';

/** The address a recovery link lands on (GET /auth/v1/verify answers it, implicit flow). */
function recoveryLink(user: MockUser): string {
  authDb.users.push(user);
  const session = issueSession(user);
  const fragment = new URLSearchParams({
    access_token: session.access_token,
    refresh_token: session.refresh_token,
    expires_at: String(session.expires_at),
    expires_in: '3600',
    token_type: 'bearer',
    type: 'recovery',
  });
  return `http://localhost/auth/reset-password#${fragment.toString()}`;
}

function SignedInAs() {
  const { user } = useAuth();
  return <p>{user ? `Signed in as ${user.email}` : 'Signed out'}</p>;
}

function renderPage(currentUrl: string) {
  function Providers({ children }: { children: ReactNode }) {
    const [client] = useState(() => createTestAuthClient({ currentUrl: () => currentUrl }));
    return (
      <AuthProvider client={client}>
        <AuthDialogProvider>
          {children}
          <SignedInAs />
        </AuthDialogProvider>
      </AuthProvider>
    );
  }
  return renderApp(<ResetPassword />, { wrapper: Providers, url: '/auth/reset-password', path: '/auth/reset-password' });
}

describe('reset password page', () => {
  test('a recovery link leads to the new-password form for its account', async () => {
    renderPage(recoveryLink(createMockUser({ email: 'ada@example.com' })));

    expect(await screen.findByLabelText('New password')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
  });

  test('the new password needs 6 characters and the same again', async () => {
    const { user } = renderPage(recoveryLink(createMockUser()));
    await screen.findByLabelText('New password');

    await user.type(screen.getByLabelText('New password'), '12345');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
      'At least 6 characters Password must be at least 6 characters',
    );
    expect(screen.getByLabelText('Confirm new password')).toHaveAccessibleDescription('Confirm your new password');

    await user.type(screen.getByLabelText('New password'), '6');
    await user.type(screen.getByLabelText('Confirm new password'), '1234567');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(screen.getByLabelText('Confirm new password')).toHaveAccessibleDescription('Passwords do not match');
  });

  test('a new password is set, the user is signed in, and the page offers the way home', async () => {
    const account = createMockUser({ email: 'ada@example.com', password: 'old-password' });
    const { user } = renderPage(recoveryLink(account));
    await screen.findByLabelText('New password');

    await user.type(screen.getByLabelText('New password'), 'new-password');
    await user.type(screen.getByLabelText('Confirm new password'), 'new-password');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Password updated' })).toBeInTheDocument();
    expect(account.password).toBe('new-password');
    expect(screen.getByText('Signed in as ada@example.com')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go home' })).toHaveAttribute('href', '/');
  });

  test('the server’s refusal is shown in the form', async () => {
    const { user } = renderPage(recoveryLink(createMockUser({ password: 'same-password' })));
    await screen.findByLabelText('New password');

    await user.type(screen.getByLabelText('New password'), 'same-password');
    await user.type(screen.getByLabelText('Confirm new password'), 'same-password');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('New password should be different from the old password.');
  });

  test('an expired link shows why and offers a new link', async () => {
    const { user } = renderPage(
      'http://localhost/auth/reset-password#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
    );

    expect(
      await screen.findByRole('heading', { level: 1, name: 'This reset link is invalid or has expired' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Email link is invalid or has expired\./)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send a new link' }));
    expect(await screen.findByRole('dialog', { name: 'Reset Password' })).toBeInTheDocument();
  });

  test('opened without a link it is the invalid-link page, even for a signed-in user', async () => {
    renderPage('http://localhost/auth/reset-password');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'This reset link is invalid or has expired' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go home' })).toHaveAttribute('href', '/');
  });

  test('a user with a verified factor gives the 6-digit code before choosing the password', async () => {
    const account = createMockUser({
      email: 'mfa@example.com',
      factors: [{ id: 'factor-1', status: 'verified', code: '246810' }],
    });
    const { user } = renderPage(recoveryLink(account));

    const code = await screen.findByLabelText('Verification code');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.type(code, '246810');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    const form = await screen.findByLabelText('New password');
    await user.type(form, 'brand-new-1');
    await user.type(screen.getByLabelText('Confirm new password'), 'brand-new-1');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Password updated' })).toBeInTheDocument();
    expect(account.password).toBe('brand-new-1');
    expect(within(document.body).getByText('Signed in as mfa@example.com')).toBeInTheDocument();
  });
});
