import { http, HttpResponse } from 'msw';
import { useState } from 'react';

import { setAccessTokenSource } from '@/lib/auth-token';
import { signInAs } from '@/testing/auth';
import { createMockUser } from '@/testing/data-generators';
import { memberDb } from '@/testing/mocks/member-db';
import { server } from '@/testing/mocks/server';
import { act, renderApp, screen, waitFor, within } from '@/testing/test-utils';

import { PremiumConfirmationDialog } from '../components/premium-confirmation-dialog';
import { UpgradeDialogView } from '../components/upgrade-dialog';
import { installFakePaymentPopup, removeFakePaymentPopup, type FakePopup } from '../testing';

import { UPGRADE_MESSAGES, useUpgradeFlow } from './use-upgrade-flow';

/** What the flow asked of the page around it. */
type Calls = { signIn: number; activated: number; continued: number };

/** The upgrade dialog and the confirmation, wired to the flow as the app wires them. */
function Upgrade({ signedIn, record }: { signedIn: boolean; record: (call: keyof Calls) => void }) {
  const [open, setOpen] = useState(true);
  const flow = useUpgradeFlow({
    signedIn,
    requestSignIn: () => record('signIn'),
    closeUpgradeDialog: () => setOpen(false),
    onActivated: () => record('activated'),
    onContinued: () => record('continued'),
  });
  return (
    <>
      <UpgradeDialogView
        open={open}
        onClose={() => setOpen(false)}
        onUpgrade={() => void flow.startUpgrade()}
        starting={flow.starting}
        paymentHelpUrl={null}
        onPaymentHelp={() => undefined}
      />
      {flow.confirmation ? (
        <PremiumConfirmationDialog
          reference={flow.confirmation.reference}
          onContinue={() => void flow.continueAfterPayment()}
          onClose={flow.closeConfirmation}
          continuing={flow.continuing}
        />
      ) : null}
    </>
  );
}

let popup: FakePopup;
beforeEach(() => {
  popup = installFakePaymentPopup();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  server.events.removeAllListeners();
  removeFakePaymentPopup();
});

function renderUpgrade({ signedIn = true } = {}) {
  const calls: Calls = { signIn: 0, activated: 0, continued: 0 };
  const user = createMockUser();
  if (signedIn) {
    const session = signInAs(user, 'aal2');
    setAccessTokenSource(() => session.access_token);
  }
  const rendered = renderApp(<Upgrade signedIn={signedIn} record={(call) => (calls[call] += 1)} />);
  return { ...rendered, calls, member: user };
}

const upgradeNow = () => screen.getByRole('button', { name: 'Upgrade Now' });

describe('the premium upgrade flow', () => {
  test('signed out, Upgrade Now asks to sign in, closes the dialog and creates no payment', async () => {
    const { user, calls } = renderUpgrade({ signedIn: false });

    await user.click(upgradeNow());

    expect(await screen.findByText(UPGRADE_MESSAGES.signInFirst)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: /Upgrade to/ })).not.toBeInTheDocument();
    expect(calls.signIn).toBe(1);
    expect(memberDb.payments).toEqual([]);
  });

  test('a paid upgrade: the payment is created, the popup opened with its code, verified, confirmed and continued', async () => {
    const { user, calls, member } = renderUpgrade();

    await user.click(upgradeNow());
    await waitFor(() => expect(popup.opened).toBe(1));
    expect(screen.queryByRole('dialog', { name: /Upgrade to/ })).not.toBeInTheDocument();
    const [payment] = memberDb.payments;
    expect(payment).toMatchObject({ userId: member.id, amount_kobo: 150000, currency: 'NGN', status: 'pending' });
    expect(popup.accessCode).toBe(payment?.accessCode);

    act(() => popup.callbacks.onSuccess?.({ reference: payment?.reference ?? '' }));

    const confirmation = await screen.findByRole('dialog', { name: /Premium Member/ });
    expect(await screen.findByText(UPGRADE_MESSAGES.activated)).toBeInTheDocument();
    expect(memberDb.payments[0]?.status).toBe('succeeded');
    expect(calls.activated).toBe(1);
    expect(confirmation).toHaveTextContent(`Payment reference: ${payment?.reference}`);

    await user.click(within(confirmation).getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(UPGRADE_MESSAGES.activatedOnContinue)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: /Premium Member/ })).not.toBeInTheDocument();
    expect(calls.continued).toBe(1);
  });

  test('a cancelled popup says so and asks the server to check the payment, so history shows it settled', async () => {
    const verified: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.endsWith('/verify-premium-payment')) verified.push(request.url);
    });
    memberDb.outcome = 'failed';
    const { user, calls } = renderUpgrade();

    await user.click(upgradeNow());
    await waitFor(() => expect(popup.opened).toBe(1));
    act(() => popup.callbacks.onCancel?.());

    expect(await screen.findByText(UPGRADE_MESSAGES.cancelled)).toBeInTheDocument();
    await waitFor(() => expect(verified).toHaveLength(1));
    server.events.removeAllListeners();
    expect(calls.activated).toBe(0);
    expect(screen.queryByRole('dialog', { name: /Premium Member/ })).not.toBeInTheDocument();
  });

  test('without the provider’s public key the payment system is reported unavailable and no popup opens', async () => {
    server.use(http.post(/\/functions\/v1\/paystack-public-key$/, () => HttpResponse.json({ public_key: '' })));
    const { user } = renderUpgrade();

    await user.click(upgradeNow());

    expect(await screen.findByText(UPGRADE_MESSAGES.initiateFailed(UPGRADE_MESSAGES.systemUnavailable))).toBeInTheDocument();
    expect(popup.opened).toBe(0);
  });

  test('a session the server no longer accepts asks to sign in again', async () => {
    server.use(
      http.post(/\/functions\/v1\/create-premium-upgrade$/, () =>
        HttpResponse.json({ status: 401, code: 'sign_in_required', message: 'Sign in first' }, { status: 401 }),
      ),
    );
    const { user, calls } = renderUpgrade();

    await user.click(upgradeNow());

    expect(await screen.findByText(UPGRADE_MESSAGES.sessionExpired)).toBeInTheDocument();
    expect(calls.signIn).toBe(1);
    expect(popup.opened).toBe(0);
  });
});
