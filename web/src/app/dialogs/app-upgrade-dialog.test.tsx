import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';

import { AuthDialogProvider } from '@/features/auth/components/auth-dialog-provider';
import { signInAs } from '@/testing/auth';
import { installFakePaymentPopup, removeFakePaymentPopup, type FakePopup } from '@/features/payments/testing';
import { authDb } from '@/testing/mocks/auth-db';
import { memberDb } from '@/testing/mocks/member-db';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/test-utils';

import { member } from '../layout/layout-test-utils';
import { SiteHeader } from '../layout/site-header';
import { TestAppProviders } from '../test-app-providers';

import { AppReportProblemDialog } from './app-report-problem-dialog';
import { AppUpgradeDialog } from './app-upgrade-dialog';
import { ReportProblemProvider } from './report-problem-dialog';
import { UpgradeDialogProvider, useUpgradeDialog } from './upgrade-dialog';

const functionUrl = (name: string) => `${globalThis.location.origin}/functions/v1/${name}`;

function Providers({ children }: { children: ReactNode }) {
  return (
    <TestAppProviders>
      <AuthDialogProvider>
        <ReportProblemProvider dialog={AppReportProblemDialog}>
          <UpgradeDialogProvider dialog={AppUpgradeDialog}>{children}</UpgradeDialogProvider>
        </ReportProblemProvider>
      </AuthDialogProvider>
    </TestAppProviders>
  );
}

let popup: FakePopup;
beforeEach(() => {
  popup = installFakePaymentPopup();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => removeFakePaymentPopup());

async function openUpgradeDialog({ signedIn = true } = {}) {
  const user = member();
  if (signedIn) signInAs(user, 'aal2');
  const rendered = renderApp(<SiteHeader />, { wrapper: Providers, path: '*' });
  await rendered.user.click(await screen.findByRole('button', { name: 'Upgrade' }));
  const dialog = await screen.findByRole('dialog', { name: 'Upgrade to designcore Pro' });
  return { ...rendered, dialog, member: user };
}

const toastText = async (text: string) => expect(await screen.findByText(text)).toBeInTheDocument();

describe('the upgrade dialog', () => {
  test('shows the price, the six features, Cancel, Upgrade Now and the payment-help link', async () => {
    const { dialog } = await openUpgradeDialog();

    expect(within(dialog).getByText('₦1,500')).toBeInTheDocument();
    expect(within(dialog).getByText('per month')).toBeInTheDocument();
    const features = within(within(dialog).getByRole('list', { name: 'Pro features' })).getAllByRole('listitem');
    expect(features.map((item) => item.textContent)).toEqual([
      'Private designs',
      'Unlimited design prompting',
      'Unlimited regeneration',
      'Unlimited design cloning',
      'Unlimited downloads',
      'High priority support',
    ]);
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Upgrade Now' })).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Problem with your payment?' })).toHaveAttribute(
      'href',
      'https://wa.me/2348000000000',
    );
  });

  test('Cancel closes it', async () => {
    const { user, dialog } = await openUpgradeDialog();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('without a payment-help chat, Problem with your payment? opens the Report a Problem form', async () => {
    authDb.siteSettings = authDb.siteSettings.filter((setting) => setting.setting_key !== 'payment_help_url');
    const { user, dialog } = await openUpgradeDialog();

    // Still a link (spec section 2), the way a tester finds it.
    expect(within(dialog).queryByRole('button', { name: 'Problem with your payment?' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('link', { name: 'Problem with your payment?' }));

    expect(await screen.findByRole('dialog', { name: 'Report a Problem' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Upgrade to designcore Pro' })).not.toBeInTheDocument();
  });
});

describe('the upgrade flow', () => {
  test('pays, verifies, confirms, and Continue activates: the Upgrade button goes', async () => {
    const { user, dialog, member: payer } = await openUpgradeDialog();

    await user.click(within(dialog).getByRole('button', { name: 'Upgrade Now' }));

    // Step 1–2: the payment is created, the dialog closes, the popup opens with the access code.
    await waitFor(() => expect(popup.accessCode).toBe('ac_1'));
    expect(screen.queryByRole('dialog', { name: 'Upgrade to designcore Pro' })).not.toBeInTheDocument();
    expect(memberDb.payments).toHaveLength(1);
    expect(memberDb.payments[0]).toMatchObject({ amount_kobo: 150000, currency: 'NGN', userId: payer.id });

    // Step 3: success is verified on the server.
    const reference = memberDb.payments[0]?.reference ?? '';
    act(() => popup.callbacks.onSuccess?.({ reference }));
    await toastText('Subscription activated!');
    const confirmation = await screen.findByRole('dialog', { name: "You're Now a Premium Member!" });
    expect(within(confirmation).getByText(`Payment reference: ${reference}`)).toBeInTheDocument();
    expect(within(confirmation).getAllByRole('listitem')).toHaveLength(6);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Upgrade' })).not.toBeInTheDocument());

    // Step 4: Continue verifies again, closes the dialog.
    await user.click(within(confirmation).getByRole('button', { name: 'Continue' }));
    await toastText('Subscription activated successfully!');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('a cancelled popup says "Payment cancelled."', async () => {
    const { user, dialog } = await openUpgradeDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Upgrade Now' }));
    await waitFor(() => expect(popup.opened).toBe(1));

    act(() => popup.callbacks.onCancel?.());

    await toastText('Payment cancelled.');
    expect(screen.getByRole('button', { name: 'Upgrade' })).toBeInTheDocument();
  });

  test('a failed verification after payment points to Continue, and Continue reports a failure', async () => {
    memberDb.outcome = 'pending';
    const { user, dialog } = await openUpgradeDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Upgrade Now' }));
    await waitFor(() => expect(popup.opened).toBe(1));

    act(() => popup.callbacks.onSuccess?.({ reference: memberDb.payments[0]?.reference ?? '' }));

    await toastText('Payment successful but failed to activate subscription. Please use the Continue button.');
    const confirmation = await screen.findByRole('dialog', { name: "You're Now a Premium Member!" });
    memberDb.outcome = 'failed';
    await user.click(within(confirmation).getByRole('button', { name: 'Continue' }));
    await toastText('Failed to update subscription. Please contact support.');
    expect(screen.getByRole('dialog', { name: "You're Now a Premium Member!" })).toBeInTheDocument();

    memberDb.outcome = 'success';
    await user.click(within(confirmation).getByRole('button', { name: 'Continue' }));
    await toastText('Subscription activated successfully!');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Upgrade' })).not.toBeInTheDocument());
  });

  test('a refused payment creation says "Failed to initiate payment: {message}"', async () => {
    server.use(
      http.post(functionUrl('create-premium-upgrade'), () =>
        HttpResponse.json({ status: 503, code: 'provider_unavailable', message: 'The payment provider did not answer' }, { status: 503 }),
      ),
    );
    const { user, dialog } = await openUpgradeDialog();

    await user.click(within(dialog).getByRole('button', { name: 'Upgrade Now' }));

    await toastText('Failed to initiate payment: The payment provider did not answer');
    expect(popup.opened).toBe(0);
  });

  test('an answer without access_code says "Invalid payment response. Please try again."', async () => {
    server.use(http.post(functionUrl('create-premium-upgrade'), () => HttpResponse.json({ reference: 'txn-1-a' })));
    const { user, dialog } = await openUpgradeDialog();

    await user.click(within(dialog).getByRole('button', { name: 'Upgrade Now' }));

    await toastText('Invalid payment response. Please try again.');
    expect(popup.opened).toBe(0);
  });

  test('a failed public-key call is "Unable to initialize payment system"', async () => {
    server.use(
      http.post(functionUrl('paystack-public-key'), () =>
        HttpResponse.json({ status: 500, code: 'internal_error', message: 'boom' }, { status: 500 }),
      ),
    );
    const { user, dialog } = await openUpgradeDialog();

    await user.click(within(dialog).getByRole('button', { name: 'Upgrade Now' }));

    await toastText('Failed to initiate payment: Unable to initialize payment system');
    expect(popup.opened).toBe(0);
  });

  test('an error in the popup is "Failed to initiate payment: {message}"', async () => {
    const { user, dialog } = await openUpgradeDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Upgrade Now' }));
    await waitFor(() => expect(popup.opened).toBe(1));

    act(() => popup.callbacks.onError?.({ message: 'Invalid transaction parameters' }));

    await toastText('Failed to initiate payment: Invalid transaction parameters');
  });

  test('a session that ended says "Your session expired. Please sign in again." and asks to sign in', async () => {
    const { user, dialog } = await openUpgradeDialog();
    authDb.sessions = [];
    server.use(
      http.post(functionUrl('create-premium-upgrade'), () =>
        HttpResponse.json({ status: 401, code: 'invalid_token', message: 'The access token is not valid' }, { status: 401 }),
      ),
    );

    await user.click(within(dialog).getByRole('button', { name: 'Upgrade Now' }));

    await toastText('Your session expired. Please sign in again.');
    expect(await screen.findByRole('dialog', { name: 'Welcome Back' })).toBeInTheDocument();
  });
});

function OpenUpgrade() {
  return (
    <button type="button" onClick={useUpgradeDialog().open}>
      Open upgrade
    </button>
  );
}

test('a signed-out visitor is told "Please sign in to upgrade." and asked to sign in', async () => {
  const { user } = renderApp(<OpenUpgrade />, { wrapper: Providers, path: '*' });
  await user.click(screen.getByRole('button', { name: 'Open upgrade' }));
  const dialog = await screen.findByRole('dialog', { name: 'Upgrade to designcore Pro' });

  await user.click(within(dialog).getByRole('button', { name: 'Upgrade Now' }));

  await toastText('Please sign in to upgrade.');
  expect(await screen.findByRole('dialog', { name: 'Welcome Back' })).toBeInTheDocument();
  expect(popup.opened).toBe(0);
});
