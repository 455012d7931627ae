import { lazy, Suspense, useState } from 'react';

import { Button } from '@/components/ui/button';
import { GiftIcon } from '@/components/ui/icons';
import { env } from '@/config/env';
import { CreditsLedger } from '@/features/account/components/credits-ledger';
import { PaymentHistory } from '@/features/account/components/payment-history';
import { PlanSummary } from '@/features/account/components/plan-summary';
import { TimeZoneSetting } from '@/features/account/components/time-zone-setting';
import { useAuth } from '@/features/auth/components/auth-provider';
import { ChangePasswordForm } from '@/features/auth/components/change-password-form';
import { MfaSettings } from '@/features/auth/components/mfa-settings';
import { useSiteSettings } from '@/features/site-settings/components/site-settings-provider';
import { fullName, isActivePremium, planLabel } from '@/lib/profile';

import { RequireSignIn, type SignedIn } from '../auth/require-sign-in';
import { useUpgradeDialog } from '../dialogs/upgrade-dialog';

import styles from './account.module.css';

const ReferralDialog = lazy(() =>
  import('@/features/referrals/components/referral-dialog').then((module) => ({ default: module.ReferralDialog })),
);

/**
 * `/account`: who the user is, their plan and renewal date, payments, credits (and the referral
 * programme that earns them), password and two-factor authentication.
 */
export default function AccountRoute() {
  return (
    <RequireSignIn title="Account" heading="Sign in to see your account">
      {(member) => <AccountPage {...member} />}
    </RequireSignIn>
  );
}

function AccountPage({ user, profile }: SignedIn) {
  const { refreshProfile } = useAuth();
  const upgradeDialog = useUpgradeDialog();
  const { premiumBusinessModelEnabled } = useSiteSettings();
  const [referralOpen, setReferralOpen] = useState(false);
  const title = <title>{`Account · ${env.APP_NAME}`}</title>;
  const name = fullName(profile ?? user.user_metadata);
  const premium = isActivePremium(profile);
  return (
    <section className={styles.page}>
      {title}
      <h1 className={styles.heading}>Account</h1>
      <div className={styles.grid}>
        <section className={styles.card} aria-labelledby="account-profile">
          <h2 id="account-profile">Profile</h2>
          <dl className={styles.facts}>
            <dt>Name</dt>
            <dd>{name || '—'}</dd>
            <dt>E-mail</dt>
            <dd>{profile?.email ?? user.email ?? '—'}</dd>
            <dt>Plan</dt>
            <dd>{planLabel(profile)}</dd>
          </dl>
          {profile ? <TimeZoneSetting key={profile.time_zone} value={profile.time_zone} onSaved={refreshProfile} /> : null}
        </section>

        <section className={styles.card} aria-labelledby="account-plan">
          <h2 id="account-plan">Plan</h2>
          <PlanSummary
            userId={user.id}
            premium={premium}
            onUpgrade={premiumBusinessModelEnabled ? upgradeDialog.open : null}
          />
        </section>

        <section className={`${styles.card} ${styles.wide}`} aria-labelledby="account-payments">
          <h2 id="account-payments">Payment history</h2>
          <PaymentHistory userId={user.id} />
        </section>

        <section className={`${styles.card} ${styles.wide}`} aria-labelledby="account-credits">
          <div className={styles.row}>
            <h2 id="account-credits">Credits</h2>
            <Button size="sm" variant="secondary" onClick={() => setReferralOpen(true)}>
              <GiftIcon size={16} />
              Referral Program
            </Button>
          </div>
          <CreditsLedger userId={user.id} />
        </section>

        <section className={styles.card} aria-labelledby="account-password">
          <h2 id="account-password">Password</h2>
          <ChangePasswordForm />
        </section>

        <section className={styles.card} aria-labelledby="account-mfa">
          <h2 id="account-mfa">Two-factor authentication</h2>
          <MfaSettings />
        </section>
      </div>
      {referralOpen ? (
        <Suspense fallback={null}>
          <ReferralDialog open onClose={() => setReferralOpen(false)} userId={user.id} />
        </Suspense>
      ) : null}
    </section>
  );
}
