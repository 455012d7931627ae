import { http, HttpResponse } from 'msw';
import { useState, type ReactNode } from 'react';

import { createMockUser } from '@/testing/data-generators';
import { authDb } from '@/testing/mocks/auth-db';
import { authPath } from '@/testing/mocks/handlers/api-path';
import { server } from '@/testing/mocks/server';
import { renderApp, screen, waitFor, within } from '@/testing/test-utils';

import { createTestAuthClient } from '@/testing/auth';

import { PENDING_REFERRAL_KEY } from '../lib/referral';

import { AuthDialogProvider, useAuthDialog } from './auth-dialog-provider';
import { AuthProvider, useAuth } from './auth-provider';

/** Where Google sign-in sent the browser, in the current test. */
let redirects: string[] = [];
beforeEach(() => {
  redirects = [];
});

function Providers({ children }: { children: ReactNode }) {
  const [client] = useState(() => createTestAuthClient({ redirect: (url) => redirects.push(url) }));
  return (
    <AuthProvider client={client}>
      <AuthDialogProvider>{children}</AuthDialogProvider>
    </AuthProvider>
  );
}

/** Buttons that open the dialog, and who is signed in. */
function Harness() {
  const dialog = useAuthDialog();
  const { user } = useAuth();
  return (
    <>
      <p>{user ? `Signed in as ${user.email}` : 'Signed out'}</p>
      <button type="button" onClick={() => dialog.open('signin')}>
        Open sign-in
      </button>
      <button type="button" onClick={() => dialog.open('signup')}>
        Open sign-up
      </button>
      <button type="button" onClick={() => dialog.open('reset')}>
        Open reset
      </button>
    </>
  );
}

async function openDialog(mode: 'sign-in' | 'sign-up' | 'reset') {
  const rendered = renderApp(<Harness />, { wrapper: Providers });
  await screen.findByText('Signed out');
  await rendered.user.click(screen.getByRole('button', { name: `Open ${mode}` }));
  const dialog = await screen.findByRole('dialog');
  return { ...rendered, dialog };
}

describe('auth dialog', () => {
  test.each([
    ['sign-in', 'Welcome Back'],
    ['sign-up', 'Join creators on designcore'],
    ['reset', 'Reset Password'],
  ] as const)('opened for %s it is titled "%s"', async (mode, title) => {
    const { dialog } = await openDialog(mode);

    expect(dialog).toHaveAccessibleName(title);
    expect(within(dialog).getByRole('heading', { level: 2, name: title })).toBeInTheDocument();
  });

  test('links switch between the modes', async () => {
    const { dialog, user } = await openDialog('sign-in');

    await user.click(within(dialog).getByRole('button', { name: 'Sign up' }));
    expect(screen.getByRole('dialog')).toHaveAccessibleName('Join creators on designcore');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('dialog')).toHaveAccessibleName('Welcome Back');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Forgot password?' }));
    expect(screen.getByRole('dialog')).toHaveAccessibleName('Reset Password');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Back to sign in' }));
    expect(screen.getByRole('dialog')).toHaveAccessibleName('Welcome Back');
  });

  test('switching mode with the keyboard moves focus into the new form’s first field, inside the dialog', async () => {
    const { dialog, user } = await openDialog('sign-in');

    within(dialog).getByRole('button', { name: 'Sign up' }).focus();
    await user.keyboard('{Enter}');
    const signUp = screen.getByRole('dialog');
    expect(signUp).toHaveAccessibleName('Join creators on designcore');
    expect(within(signUp).getByLabelText('First name')).toHaveFocus();

    within(signUp).getByRole('button', { name: 'Sign in' }).focus();
    await user.keyboard('{Enter}');
    expect(within(screen.getByRole('dialog')).getByLabelText('Email')).toHaveFocus();
  });

  test('the close button and Escape close it, and focus returns to the opener', async () => {
    const { dialog, user } = await openDialog('sign-in');

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open sign-in' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Open sign-in' }));
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  describe('sign-in', () => {
    test('e-mail and password are required', async () => {
      const { dialog, user } = await openDialog('sign-in');

      await user.click(within(dialog).getByRole('button', { name: 'Sign In' }));

      expect(within(dialog).getByLabelText('Email')).toHaveAccessibleDescription('Email is required');
      expect(within(dialog).getByLabelText('Password')).toHaveAccessibleDescription('Password is required');
      expect(within(dialog).getByLabelText('Email')).toHaveFocus();
    });

    test('the password visibility toggle shows and hides the password', async () => {
      const { dialog, user } = await openDialog('sign-in');
      const password = within(dialog).getByLabelText('Password');

      expect(password).toHaveAttribute('type', 'password');
      await user.click(within(dialog).getByRole('button', { name: 'Show password' }));
      expect(password).toHaveAttribute('type', 'text');
      expect(within(dialog).getByRole('button', { name: 'Hide password' })).toHaveAttribute('aria-pressed', 'true');
      await user.click(within(dialog).getByRole('button', { name: 'Hide password' }));
      expect(password).toHaveAttribute('type', 'password');
    });

    test('"Invalid login credentials" is shown as the spec’s text', async () => {
      authDb.users.push(createMockUser({ email: 'ada@example.com', password: 'secret-1' }));
      const { dialog, user } = await openDialog('sign-in');

      await user.type(within(dialog).getByLabelText('Email'), 'ada@example.com');
      await user.type(within(dialog).getByLabelText('Password'), 'wrong-one');
      await user.click(within(dialog).getByRole('button', { name: 'Sign In' }));

      expect(await within(dialog).findByRole('alert')).toHaveTextContent(
        'Invalid email or password. Please check your credentials and try again.',
      );
    });

    test('other server messages are shown as given', async () => {
      server.use(
        http.post(authPath('/token'), () =>
          HttpResponse.json({ code: 'over_request_rate_limit', message: 'Request rate limit reached' }, { status: 429 }),
        ),
      );
      const { dialog, user } = await openDialog('sign-in');

      await user.type(within(dialog).getByLabelText('Email'), 'ada@example.com');
      await user.type(within(dialog).getByLabelText('Password'), 'secret-1');
      await user.click(within(dialog).getByRole('button', { name: 'Sign In' }));

      expect(await within(dialog).findByRole('alert')).toHaveTextContent('Request rate limit reached');
    });

    test('an unexpected failure shows the spec’s generic text', async () => {
      server.use(http.post(authPath('/token'), () => HttpResponse.error()));
      const { dialog, user } = await openDialog('sign-in');

      await user.type(within(dialog).getByLabelText('Email'), 'ada@example.com');
      await user.type(within(dialog).getByLabelText('Password'), 'secret-1');
      await user.click(within(dialog).getByRole('button', { name: 'Sign In' }));

      expect(await within(dialog).findByRole('alert')).toHaveTextContent('An unexpected error occurred. Please try again.');
    });

    test('success signs in, closes the dialog and clears the form', async () => {
      authDb.users.push(createMockUser({ email: 'ada@example.com', password: 'secret-1' }));
      const { dialog, user } = await openDialog('sign-in');

      await user.type(within(dialog).getByLabelText('Email'), 'ada@example.com');
      await user.type(within(dialog).getByLabelText('Password'), 'secret-1');
      await user.click(within(dialog).getByRole('button', { name: 'Sign In' }));

      expect(await screen.findByText('Signed in as ada@example.com')).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Open sign-in' }));
      expect(within(await screen.findByRole('dialog')).getByLabelText('Email')).toHaveValue('');
    });

    test('a user with a verified factor is asked for the 6-digit code before being signed in', async () => {
      authDb.users.push(
        createMockUser({
          email: 'mfa@example.com',
          password: 'secret-1',
          factors: [{ id: 'factor-1', status: 'verified', code: '654321' }],
        }),
      );
      const { dialog, user } = await openDialog('sign-in');
      await user.type(within(dialog).getByLabelText('Email'), 'mfa@example.com');
      await user.type(within(dialog).getByLabelText('Password'), 'secret-1');
      await user.click(within(dialog).getByRole('button', { name: 'Sign In' }));

      const step = await screen.findByRole('dialog', { name: 'Two-step verification' });
      expect(screen.getByText('Signed out')).toBeInTheDocument();
      await user.click(within(step).getByRole('button', { name: 'Verify' }));
      expect(within(step).getByLabelText('Verification code')).toHaveAccessibleDescription(
        'Enter the 6-digit code from your authenticator app',
      );
      await user.type(within(step).getByLabelText('Verification code'), '111111');
      await user.click(within(step).getByRole('button', { name: 'Verify' }));
      expect(await within(step).findByRole('alert')).toHaveTextContent('Invalid TOTP code entered');

      await user.type(within(step).getByLabelText('Verification code'), '654321');
      await user.click(within(step).getByRole('button', { name: 'Verify' }));

      expect(await screen.findByText('Signed in as mfa@example.com')).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });

    test('closing the code step gives the sign-in up', async () => {
      authDb.users.push(
        createMockUser({ email: 'mfa@example.com', password: 'secret-1', factors: [{ id: 'f', status: 'verified', code: '654321' }] }),
      );
      const { dialog, user } = await openDialog('sign-in');
      await user.type(within(dialog).getByLabelText('Email'), 'mfa@example.com');
      await user.type(within(dialog).getByLabelText('Password'), 'secret-1');
      await user.click(within(dialog).getByRole('button', { name: 'Sign In' }));
      await screen.findByRole('dialog', { name: 'Two-step verification' });

      await user.keyboard('{Escape}');

      await waitFor(() => expect(authDb.sessions).toEqual([]));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(screen.getByText('Signed out')).toBeInTheDocument();
    });

    test('Google sign-in is not offered when the server’s settings have it off', async () => {
      let asked = false;
      server.use(
        http.get(authPath('/settings'), () => {
          asked = true;
          return undefined;
        }),
      );
      const { dialog } = await openDialog('sign-in');

      await waitFor(() => expect(asked).toBe(true));
      expect(within(dialog).queryByRole('button', { name: 'Continue with Google' })).not.toBeInTheDocument();
    });

    test('with Google on, "Continue with Google" goes to Google through the server, back to the site root', async () => {
      authDb.googleEnabled = true;
      const { dialog, user } = await openDialog('sign-in');

      await user.click(await within(dialog).findByRole('button', { name: 'Continue with Google' }));

      await waitFor(() => expect(redirects).toHaveLength(1));
      const url = new URL(redirects[0] ?? '');
      expect([url.pathname, url.searchParams.get('provider'), url.searchParams.get('redirect_to')]).toEqual([
        '/auth/v1/authorize',
        'google',
        'http://localhost/',
      ]);
      expect([url.searchParams.get('access_type'), url.searchParams.get('prompt')]).toEqual(['offline', 'consent']);
    });
  });

  describe('sign-up', () => {
    test('every field is required, the e-mail must be an address and the password at least 6 characters', async () => {
      const { dialog, user } = await openDialog('sign-up');

      await user.click(within(dialog).getByRole('button', { name: 'Create Account' }));
      expect(within(dialog).getByLabelText('First name')).toHaveAccessibleDescription('First name is required');
      expect(within(dialog).getByLabelText('Last name')).toHaveAccessibleDescription('Last name is required');
      expect(within(dialog).getByLabelText('Email')).toHaveAccessibleDescription('Email is required');
      expect(within(dialog).getByLabelText('Password')).toHaveAccessibleDescription(
        'At least 6 characters Password is required',
      );

      await user.type(within(dialog).getByLabelText('Email'), 'not-an-address');
      await user.type(within(dialog).getByLabelText('Password'), '12345');
      await user.click(within(dialog).getByRole('button', { name: 'Create Account' }));
      expect(within(dialog).getByLabelText('Email')).toHaveAccessibleDescription('Enter a valid email address');
      expect(within(dialog).getByLabelText('Password')).toHaveAccessibleDescription(
        'At least 6 characters Password must be at least 6 characters',
      );
      expect(authDb.users).toEqual([]);
    });

    test('it shows the consent text and a password visibility toggle', async () => {
      const { dialog } = await openDialog('sign-up');

      expect(
        within(dialog).getByText('By clicking Create Account, you consent to receiving emails from designcore.'),
      ).toBeInTheDocument();
      expect(within(dialog).getByRole('button', { name: 'Show password' })).toBeInTheDocument();
    });

    test('the server’s message is shown in the form', async () => {
      authDb.users.push(createMockUser({ email: 'taken@example.com' }));
      const { dialog, user } = await openDialog('sign-up');

      await user.type(within(dialog).getByLabelText('First name'), 'Ada');
      await user.type(within(dialog).getByLabelText('Last name'), 'Obi');
      await user.type(within(dialog).getByLabelText('Email'), 'taken@example.com');
      await user.type(within(dialog).getByLabelText('Password'), 'secret-1');
      await user.click(within(dialog).getByRole('button', { name: 'Create Account' }));

      expect(await within(dialog).findByRole('alert')).toHaveTextContent('User already registered');
    });

    test('success with a ?ref= code signs up with it, signs in and closes the dialog', async () => {
      const referrer = createMockUser();
      authDb.users.push(referrer);
      localStorage.setItem(PENDING_REFERRAL_KEY, referrer.profile.referral_code ?? '');
      const { dialog, user } = await openDialog('sign-up');

      await user.type(within(dialog).getByLabelText('First name'), 'Ngozi');
      await user.type(within(dialog).getByLabelText('Last name'), 'Eze');
      await user.type(within(dialog).getByLabelText('Email'), 'ngozi@example.com');
      await user.type(within(dialog).getByLabelText('Password'), 'secret-1');
      await user.click(within(dialog).getByRole('button', { name: 'Create Account' }));

      expect(await screen.findByText('Signed in as ngozi@example.com')).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(referrer.credits).toBe(10);
      await waitFor(() => expect(localStorage.getItem(PENDING_REFERRAL_KEY)).toBeNull());
    });
  });

  describe('reset', () => {
    test('the e-mail is required', async () => {
      const { dialog, user } = await openDialog('reset');

      await user.click(within(dialog).getByRole('button', { name: 'Send Reset Link' }));

      expect(within(dialog).getByLabelText('Email')).toHaveAccessibleDescription('Email is required');
    });

    test('success mails a link to /auth/reset-password, closes the dialog and says to check the mail', async () => {
      authDb.users.push(createMockUser({ email: 'ada@example.com' }));
      const { dialog, user } = await openDialog('reset');

      await user.type(within(dialog).getByLabelText('Email'), 'ada@example.com');
      await user.click(within(dialog).getByRole('button', { name: 'Send Reset Link' }));

      expect(await screen.findByRole('status')).toHaveTextContent(
        'Check your emailIf an account exists for ada@example.com, a reset link is on its way.',
      );
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(authDb.mails).toEqual([
        { to: 'ada@example.com', type: 'recovery', redirectTo: 'http://localhost/auth/reset-password' },
      ]);
    });

    test('errors are logged only, not shown', async () => {
      const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
      server.use(
        http.post(authPath('/recover'), () =>
          HttpResponse.json({ code: 'over_email_send_rate_limit', message: 'Email rate limit exceeded' }, { status: 429 }),
        ),
      );
      const { dialog, user } = await openDialog('reset');

      await user.type(within(dialog).getByLabelText('Email'), 'ada@example.com');
      await user.click(within(dialog).getByRole('button', { name: 'Send Reset Link' }));

      await waitFor(() =>
        expect(error).toHaveBeenCalledWith('Could not send the password reset link', expect.anything()),
      );
      expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
      expect(screen.queryByText('Email rate limit exceeded')).not.toBeInTheDocument();
    });
  });

  test('useAuthDialog outside its provider says so', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderApp(<Harness />)).toThrow('useAuthDialog must be used within an AuthDialogProvider');
  });
});
