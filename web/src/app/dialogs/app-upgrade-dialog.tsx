import { lazy, Suspense, useCallback, useEffect, useMemo } from 'react';
import { useSWRConfig } from 'swr';

import { isAccountKey } from '@/features/account/api/get-account';
import { useAuthDialog } from '@/features/auth/components/auth-dialog-provider';
import { useAuth } from '@/features/auth/components/auth-provider';
import { useUpgradeFlow } from '@/features/payments/hooks/use-upgrade-flow';
import { useSiteSettings } from '@/features/site-settings/components/site-settings-provider';
import { useCapture } from '@/lib/analytics-context';

import { useReportProblem } from './report-problem-dialog';
import type { UpgradeDialogProps } from './upgrade-dialog';

// The dialogs' code loads when one first opens: the first route stays small.
const UpgradeDialogView = lazy(() =>
  import('@/features/payments/components/upgrade-dialog').then((module) => ({ default: module.UpgradeDialogView })),
);
const PremiumConfirmationDialog = lazy(() =>
  import('@/features/payments/components/premium-confirmation-dialog').then((module) => ({
    default: module.PremiumConfirmationDialog,
  })),
);

/**
 * The upgrade dialog the app plugs into `UpgradeDialogProvider`: the dialog, the upgrade flow of
 * spec section 4 through the payment popup, and the premium confirmation dialog after it. Once
 * premium is on, the profile and the account's data are fetched again, so the Upgrade button goes.
 */
export function AppUpgradeDialog({ open, onClose }: UpgradeDialogProps) {
  const { user, refreshProfile } = useAuth();
  const { paymentHelpUrl } = useSiteSettings();
  const authDialog = useAuthDialog();
  const reportProblem = useReportProblem();
  const { mutate } = useSWRConfig();

  const onActivated = useCallback(async () => {
    await Promise.all([refreshProfile(), mutate(isAccountKey)]);
  }, [refreshProfile, mutate]);

  // Spec step 4 "reloads the page": everything on screen is fetched again, the toast stays.
  const onContinued = useCallback(async () => {
    await Promise.all([refreshProfile(), mutate(() => true)]);
  }, [refreshProfile, mutate]);

  const requestSignIn = useCallback(() => authDialog.open('signin'), [authDialog]);

  const options = useMemo(
    () => ({ signedIn: user !== null, requestSignIn, closeUpgradeDialog: onClose, onActivated, onContinued }),
    [user, requestSignIn, onClose, onActivated, onContinued],
  );
  const flow = useUpgradeFlow(options);

  // The upgrade funnel's first stage (the server captures the payment's start and outcome).
  const capture = useCapture();
  useEffect(() => {
    if (open) capture('upgrade_started', { step: 'dialog_opened' });
  }, [open, capture]);

  return (
    <Suspense fallback={null}>
      {open ? (
        <UpgradeDialogView
          open
          onClose={onClose}
          onUpgrade={() => void flow.startUpgrade()}
          starting={flow.starting}
          paymentHelpUrl={paymentHelpUrl}
          onPaymentHelp={() => {
            onClose();
            reportProblem.open();
          }}
        />
      ) : null}
      {flow.confirmation ? (
        <PremiumConfirmationDialog
          reference={flow.confirmation.reference}
          onContinue={() => void flow.continueAfterPayment()}
          onClose={flow.closeConfirmation}
          continuing={flow.continuing}
        />
      ) : null}
    </Suspense>
  );
}
