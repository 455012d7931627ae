import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

import { Button, ButtonLink } from '@/components/ui/button';
import { CheckIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { useSubscription } from '@/features/account/api/get-account';
import { useAuth } from '@/features/auth/components/auth-provider';
import { verifyPremiumPayment } from '@/features/payments/api/payment-functions';
import { PREMIUM_BENEFITS } from '@/features/payments/lib/plan';
import { formatDate } from '@/lib/format';
import { isActivePremium } from '@/lib/profile';

import { RequireSignIn, type SignedIn } from '../auth/require-sign-in';
import { useUpgradeDialog } from '../dialogs/upgrade-dialog';

import styles from './page.module.css';

/**
 * `/premium-success`, the post-upgrade page: with `?reference=` (a payment that came back here)
 * the payment is verified first; then it shows the plan and its renewal date, or, when premium is
 * not on, says so and offers the upgrade again.
 */
export default function PremiumSuccessRoute() {
  return (
    <RequireSignIn title="Premium" heading="Sign in to see your plan" waitForProfile pending={<Checking />}>
      {(member) => <PremiumSuccessPage {...member} />}
    </RequireSignIn>
  );
}

/** While the session, the profile or the payment's verification is on its way. */
function Checking() {
  return (
    <section className={styles.page}>
      <title>{`Premium · ${env.APP_NAME}`}</title>
      <Spinner label="Checking your plan" />
    </section>
  );
}

function PremiumSuccessPage({ user, profile }: SignedIn) {
  const { refreshProfile } = useAuth();
  const upgradeDialog = useUpgradeDialog();
  const [params] = useSearchParams();
  const reference = params.get('reference');
  const [verifying, setVerifying] = useState(Boolean(reference));
  const verified = useRef(false);
  const subscription = useSubscription(user.id);

  useEffect(() => {
    if (!reference || verified.current) return;
    verified.current = true;
    verifyPremiumPayment(reference)
      .catch((error: unknown) => console.error('Could not verify the payment', error))
      .then(() => Promise.all([refreshProfile(), subscription.mutate()]))
      .finally(() => setVerifying(false));
  }, [reference, refreshProfile, subscription]);

  const title = <title>{`Premium · ${env.APP_NAME}`}</title>;
  if (verifying) return <Checking />;
  if (!isActivePremium(profile)) {
    return (
      <section className={styles.page}>
        {title}
        <p className={styles.code}>Premium</p>
        <h1 className={styles.title}>Your premium membership is not active yet</h1>
        <p className={styles.text}>
          If you have paid, open the confirmation again from your account, or contact support with your payment
          reference.
        </p>
        <div className={styles.actions}>
          <Button onClick={upgradeDialog.open}>Upgrade Now</Button>
          <ButtonLink to={paths.account.getHref()} variant="secondary">
            Go to your account
          </ButtonLink>
        </div>
      </section>
    );
  }
  const renews = subscription.data?.current_period_end;
  return (
    <section className={styles.page}>
      {title}
      <p className={styles.code}>Premium</p>
      <h1 className={styles.title}>Welcome to Premium</h1>
      <p className={styles.text}>
        {renews ? `Your plan renews on ${formatDate(renews)}.` : 'Your Premium Plan is active.'}
      </p>
      <ul className={styles.benefits} aria-label="Your premium benefits">
        {PREMIUM_BENEFITS.map((benefit) => (
          <li key={benefit}>
            <CheckIcon size={16} />
            {benefit}
          </li>
        ))}
      </ul>
      <div className={styles.actions}>
        <ButtonLink to={paths.templates.getHref()}>Browse templates</ButtonLink>
        <ButtonLink to={paths.account.getHref()} variant="secondary">
          Go to your account
        </ButtonLink>
      </div>
    </section>
  );
}
