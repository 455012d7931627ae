import { useCallback, useEffect, useRef, useState } from 'react';

import { toast } from '@/components/ui/toast-store';
import { ApiError } from '@/lib/api-client';
import { getAccessToken } from '@/lib/auth-token';

import { createPremiumUpgrade, getPaymentPublicKey, verifyPremiumPayment } from '../api/payment-functions';
import { loadPaymentPopup } from '../lib/payment-popup';

/** Spec section 8: the upgrade's toasts, word for word. */
export const UPGRADE_MESSAGES = {
  signInFirst: 'Please sign in to upgrade.',
  sessionExpired: 'Your session expired. Please sign in again.',
  initiateFailed: (message: string) => `Failed to initiate payment: ${message}`,
  invalidResponse: 'Invalid payment response. Please try again.',
  activated: 'Subscription activated!',
  activationFailed: 'Payment successful but failed to activate subscription. Please use the Continue button.',
  activatedOnContinue: 'Subscription activated successfully!',
  updateFailed: 'Failed to update subscription. Please contact support.',
  cancelled: 'Payment cancelled.',
  systemUnavailable: 'Unable to initialize payment system',
} as const;

export type UpgradeFlowOptions = {
  signedIn: boolean;
  /** Asks a signed-out user (or one whose session ended) to sign in. */
  requestSignIn: () => void;
  /** Closes the upgrade dialog (step 1: once the payment is created). */
  closeUpgradeDialog: () => void;
  /** Premium turned on: refetch what shows the plan (profile, subscription). */
  onActivated: () => Promise<void> | void;
  /** The Continue step succeeded: the page's data is loaded again (step 4, "reloads the page"). */
  onContinued: () => Promise<void> | void;
};

export type UpgradeFlow = {
  /** A payment is being created or the popup prepared. */
  starting: boolean;
  /** Step 1: Upgrade Now. */
  startUpgrade: () => Promise<void>;
  /** The premium confirmation dialog's reference, while it is open. */
  confirmation: { reference: string } | null;
  /** The Continue step is verifying. */
  continuing: boolean;
  /** Step 4: re-verify, then close and reload. */
  continueAfterPayment: () => Promise<void>;
  closeConfirmation: () => void;
};

const messageOf = (error: unknown) => (error instanceof Error ? error.message : 'Unknown error');

/**
 * The payment system: the provider's public key (a failure is 'Unable to initialize payment
 * system', spec section 8) and the popup script, loaded on demand.
 */
async function initializePaymentSystem() {
  try {
    const { public_key: publicKey } = await getPaymentPublicKey();
    if (!publicKey) throw new Error('no public key');
  } catch (error) {
    console.error('Could not fetch the payment public key', error);
    throw new Error(UPGRADE_MESSAGES.systemUnavailable);
  }
  return loadPaymentPopup();
}

/**
 * The upgrade flow of spec section 4: create the payment and close the dialog; open the payment
 * popup with the access code; on success verify the reference ('Subscription activated!') and
 * open the confirmation dialog; Continue verifies again ('Subscription activated successfully!'),
 * closes it and reloads; a cancelled popup is 'Payment cancelled.'. Every failure is a toast of
 * section 8.
 */
export function useUpgradeFlow(options: UpgradeFlowOptions): UpgradeFlow {
  const optionsRef = useRef(options);
  useEffect(() => {
    optionsRef.current = options;
  }, [options]);
  const [starting, setStarting] = useState(false);
  const [continuing, setContinuing] = useState(false);
  const [confirmation, setConfirmation] = useState<{ reference: string } | null>(null);

  const onPaid = useCallback(async (reference: string) => {
    try {
      const answer = await verifyPremiumPayment(reference);
      if (answer.status !== 'success') throw new Error(`verification answered ${answer.status}`);
      toast.success(UPGRADE_MESSAGES.activated);
      await optionsRef.current.onActivated();
    } catch (error) {
      console.error('Could not verify the payment', error);
      toast.error(UPGRADE_MESSAGES.activationFailed);
    }
    setConfirmation({ reference });
  }, []);

  const startUpgrade = useCallback(async () => {
    const current = optionsRef.current;
    if (!current.signedIn) {
      toast.error(UPGRADE_MESSAGES.signInFirst);
      current.closeUpgradeDialog();
      current.requestSignIn();
      return;
    }
    if (!(await getAccessToken())) {
      toast.error(UPGRADE_MESSAGES.sessionExpired);
      current.closeUpgradeDialog();
      current.requestSignIn();
      return;
    }
    setStarting(true);
    try {
      const answer = await createPremiumUpgrade();
      current.closeUpgradeDialog();
      const accessCode = typeof answer?.access_code === 'string' ? answer.access_code : '';
      if (!accessCode) {
        toast.error(UPGRADE_MESSAGES.invalidResponse);
        return;
      }
      const Popup = await initializePaymentSystem();
      new Popup().resumeTransaction(accessCode, {
        onSuccess: (transaction) => {
          void onPaid(String(transaction?.reference ?? answer.reference ?? ''));
        },
        onCancel: () => {
          toast.error(UPGRADE_MESSAGES.cancelled);
          // Ask the server to check it with the provider, so Payment history says it was
          // cancelled (abandoned) rather than pending.
          const reference = typeof answer?.reference === 'string' ? answer.reference : '';
          if (reference) void verifyPremiumPayment(reference).catch(() => undefined);
        },
        onError: (error) => {
          toast.error(UPGRADE_MESSAGES.initiateFailed(error?.message || 'Unknown error'));
        },
      });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        toast.error(UPGRADE_MESSAGES.sessionExpired);
        current.closeUpgradeDialog();
        current.requestSignIn();
        return;
      }
      toast.error(UPGRADE_MESSAGES.initiateFailed(messageOf(error)));
    } finally {
      setStarting(false);
    }
  }, [onPaid]);

  const continueAfterPayment = useCallback(async () => {
    const reference = confirmation?.reference;
    if (!reference) return;
    setContinuing(true);
    try {
      const answer = await verifyPremiumPayment(reference);
      if (answer.status !== 'success') throw new Error(`verification answered ${answer.status}`);
      toast.success(UPGRADE_MESSAGES.activatedOnContinue);
      setConfirmation(null);
      await optionsRef.current.onContinued();
    } catch (error) {
      console.error('Could not verify the payment', error);
      toast.error(UPGRADE_MESSAGES.updateFailed);
    } finally {
      setContinuing(false);
    }
  }, [confirmation]);

  const closeConfirmation = useCallback(() => setConfirmation(null), []);

  return { starting, startUpgrade, confirmation, continuing, continueAfterPayment, closeConfirmation };
}
