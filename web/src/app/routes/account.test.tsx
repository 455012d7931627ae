import { screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';

import { AuthDialogProvider } from '@/features/auth/components/auth-dialog-provider';
import { signInAs } from '@/testing/auth';
import { authDb } from '@/testing/mocks/auth-db';
import { memberDb } from '@/testing/mocks/member-db';
import { renderApp } from '@/testing/test-utils';

import { ReportProblemProvider } from '../dialogs/report-problem-dialog';
import { UpgradeDialogProvider, type UpgradeDialogProps } from '../dialogs/upgrade-dialog';
import { member } from '../layout/layout-test-utils';
import { TestAppProviders } from '../test-app-providers';

import AccountRoute from './account';

function UpgradeProbe({ open }: UpgradeDialogProps) {
  return open ? <p>Upgrade dialog is open</p> : null;
}

function Providers({ children }: { children: ReactNode }) {
  return (
    <TestAppProviders>
      <AuthDialogProvider>
        <UpgradeDialogProvider dialog={UpgradeProbe}>
          <ReportProblemProvider>{children}</ReportProblemProvider>
        </UpgradeDialogProvider>
      </AuthDialogProvider>
    </TestAppProviders>
  );
}

function renderAccount(user = member()) {
  signInAs(user, 'aal2');
  return { ...renderApp(<AccountRoute />, { wrapper: Providers, url: '/account', path: '/account' }), member: user };
}

describe('the account page', () => {
  test('shows name, e-mail and plan; a free user may upgrade', async () => {
    const { user } = renderAccount();

    const profile = await screen.findByRole('region', { name: 'Profile' });
    await waitFor(() => expect(within(profile).getByText('Ada Obi')).toBeInTheDocument());
    expect(within(profile).getByText('ada@example.com')).toBeInTheDocument();
    expect(within(profile).getByText('Regular User')).toBeInTheDocument();
    const plan = screen.getByRole('region', { name: 'Plan' });
    expect(await within(plan).findByText('Free Plan')).toBeInTheDocument();

    await user.click(within(plan).getByRole('button', { name: 'Upgrade' }));
    expect(screen.getByText('Upgrade dialog is open')).toBeInTheDocument();
  });

  test('the calendar time zone is Africa/Lagos until another is chosen and saved', async () => {
    const { user, member: me } = renderAccount();

    const profile = await screen.findByRole('region', { name: 'Profile' });
    const select = await within(profile).findByRole('combobox', { name: 'Time zone' });
    expect(select).toHaveValue('Africa/Lagos');
    expect(within(select).getAllByRole('option')[0]).toHaveTextContent('Africa/Lagos (GMT+1)');
    await user.selectOptions(select, 'Europe/London');
    expect(await screen.findByText('Time zone saved')).toBeInTheDocument();
    expect(me.profile.time_zone).toBe('Europe/London');
    await waitFor(() => expect(within(profile).getByRole('combobox', { name: 'Time zone' })).toHaveValue('Europe/London'));
  });

  test('a premium user sees the renewal date, the payment history and no Upgrade', async () => {
    const payer = member({ premium: true });
    memberDb.periodEnds.set(payer.id, '2026-12-23T10:00:00Z');
    memberDb.payments.push({
      userId: payer.id,
      accessCode: 'ac_1',
      reference: 'txn-1763900000000-abc123',
      amount_kobo: 150000,
      currency: 'NGN',
      status: 'succeeded',
      paid_at: '2026-11-23T10:00:00Z',
      created_at: '2026-11-23T09:59:00Z',
    });
    renderAccount(payer);

    const plan = await screen.findByRole('region', { name: 'Plan' });
    expect(await within(plan).findByText('Premium Plan')).toBeInTheDocument();
    expect(within(plan).getByText(/Renews on 23 Dec 2026/)).toBeInTheDocument();
    expect(within(plan).queryByRole('button', { name: 'Upgrade' })).not.toBeInTheDocument();
    const history = await screen.findByRole('table', { name: 'Payment history' });
    const row = within(history).getAllByRole('row')[1];
    expect(row).toHaveTextContent('txn-1763900000000-abc123');
    expect(row).toHaveTextContent('₦1,500.00');
    expect(row).toHaveTextContent('Paid');
  });

  test('a cancelled payment reads Cancelled in the payment history, not Pending', async () => {
    const payer = member();
    memberDb.payments.push({
      userId: payer.id,
      accessCode: 'ac_2',
      reference: 'txn-1763900000000-def456',
      amount_kobo: 150000,
      currency: 'NGN',
      status: 'abandoned',
      paid_at: null,
      created_at: '2026-11-23T09:59:00Z',
    });
    renderAccount(payer);

    const history = await screen.findByRole('table', { name: 'Payment history' });
    const row = within(history).getAllByRole('row')[1];
    expect(row).toHaveTextContent('₦1,500.00');
    expect(row).toHaveTextContent('Cancelled');
    expect(row).not.toHaveTextContent('Pending');
  });

  test('shows the credits balance and ledger', async () => {
    const referred = member({ credits: 10 });
    memberDb.ledger.set(referred.id, [{ amount: 10, reason: 'referral_welcome', created_at: '2026-11-20T10:00:00Z' }]);
    renderAccount(referred);

    expect(await screen.findByTestId('credits-balance')).toHaveTextContent('10');
    const ledger = screen.getByRole('table', { name: 'Credits ledger' });
    expect(within(ledger).getByText('Welcome credits for joining through a referral')).toBeInTheDocument();
    expect(within(ledger).getByText('+10')).toBeInTheDocument();
  });

  test('changes the password after checking length and confirmation', async () => {
    const { user, member: owner } = renderAccount();
    const form = await screen.findByRole('form', { name: 'Change password' });

    await user.type(within(form).getByLabelText('New password'), 'abc');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(within(form).getByText('Password must be at least 6 characters')).toBeInTheDocument();

    await user.clear(within(form).getByLabelText('New password'));
    await user.type(within(form).getByLabelText('New password'), 'new-secret-1');
    await user.type(within(form).getByLabelText('Confirm new password'), 'new-secret-2');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(within(form).getByText('Passwords do not match')).toBeInTheDocument();

    await user.clear(within(form).getByLabelText('Confirm new password'));
    await user.type(within(form).getByLabelText('Confirm new password'), 'new-secret-1');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password updated')).toBeInTheDocument();
    expect(authDb.users.find((candidate) => candidate.id === owner.id)?.password).toBe('new-secret-1');
  });

  test('enrols a TOTP factor with its QR code, then turns it off', async () => {
    const { user, member: owner } = renderAccount();
    const mfa = await screen.findByRole('region', { name: 'Two-factor authentication' });

    await user.click(await within(mfa).findByRole('button', { name: 'Set up two-factor authentication' }));
    const qr = await within(mfa).findByRole('img', { name: 'QR code for your authenticator app' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(within(mfa).getByTestId('totp-secret')).toHaveTextContent('JBSWY3DPEHPK3PXP');

    await user.type(within(mfa).getByLabelText('Verification code'), '000000');
    await user.click(within(mfa).getByRole('button', { name: 'Verify and turn on' }));
    expect(await within(mfa).findByText('Invalid TOTP code entered')).toBeInTheDocument();

    await user.type(within(mfa).getByLabelText('Verification code'), '123456');
    await user.click(within(mfa).getByRole('button', { name: 'Verify and turn on' }));
    expect(await screen.findByText('Two-factor authentication is on')).toBeInTheDocument();
    expect(owner.factors.map((factor) => factor.status)).toEqual(['verified']);

    // Turning it off asks to confirm with a current code: nothing is removed before it.
    await user.click(await within(mfa).findByRole('button', { name: 'Turn off two-factor authentication' }));
    const confirm = await within(mfa).findByRole('form', { name: 'Turn off two-factor authentication' });
    expect(owner.factors).toHaveLength(1);
    await user.click(within(confirm).getByRole('button', { name: 'Turn off' }));
    expect(within(confirm).getByText('Enter the 6-digit code from your authenticator app')).toBeInTheDocument();
    await user.type(within(confirm).getByLabelText('Current code'), '000000');
    await user.click(within(confirm).getByRole('button', { name: 'Turn off' }));
    expect(await within(confirm).findByText('Invalid TOTP code entered')).toBeInTheDocument();
    expect(owner.factors).toHaveLength(1);

    await user.type(within(confirm).getByLabelText('Current code'), '123456');
    await user.click(within(confirm).getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(owner.factors).toEqual([]));
    expect(await within(mfa).findByRole('button', { name: 'Set up two-factor authentication' })).toBeInTheDocument();
  });

  test('keeping two-factor authentication on removes nothing', async () => {
    const { user, member: owner } = renderAccount();
    owner.factors.push({ id: 'factor-on', status: 'verified', code: '123456' });
    const mfa = await screen.findByRole('region', { name: 'Two-factor authentication' });

    await user.click(await within(mfa).findByRole('button', { name: 'Turn off two-factor authentication' }));
    await user.click(await within(mfa).findByRole('button', { name: 'Keep it on' }));

    expect(await within(mfa).findByRole('button', { name: 'Turn off two-factor authentication' })).toBeInTheDocument();
    expect(owner.factors.map((factor) => factor.id)).toEqual(['factor-on']);
  });

  test('signed out, it asks to sign in', async () => {
    renderApp(<AccountRoute />, { wrapper: Providers, url: '/account', path: '/account' });

    expect(await screen.findByRole('heading', { name: 'Sign in to see your account' })).toBeInTheDocument();
  });

  test('Referral Program opens the referral dialog', async () => {
    const { user } = renderAccount();

    await user.click(await screen.findByRole('button', { name: 'Referral Program' }));

    expect(await screen.findByRole('dialog', { name: 'Referral Program' })).toBeInTheDocument();
  });
});
