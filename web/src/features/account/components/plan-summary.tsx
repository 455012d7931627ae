import { Button } from '@/components/ui/button';
import { CrownIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { formatDate } from '@/lib/format';

import { useSubscription } from '../api/get-account';

import styles from './account.module.css';

const STATUS_LABELS: Record<string, string> = {
  none: 'Free',
  pending_payment: 'Waiting for payment',
  active: 'Active',
  grace: 'Renewal due',
  expired: 'Expired',
};

type PlanSummaryProps = {
  userId: string;
  /** Whether the user is active premium (spec section 4, from the profile). */
  premium: boolean;
  /** Opens the upgrade dialog; shown while the premium model is on and the user is not premium. */
  onUpgrade: (() => void) | null;
};

/** The plan, its status and renewal date (`GET /api/v1/account/subscription`). */
export function PlanSummary({ userId, premium, onUpgrade }: PlanSummaryProps) {
  const { data, error } = useSubscription(userId);
  if (error) return <p className={styles.muted}>Your plan could not be loaded.</p>;
  if (!data) return <Spinner size="sm" label="Loading your plan" />;
  const status = data.status ?? 'none';
  return (
    <div className={styles.plan}>
      <div>
        <p className={styles.planName}>{premium ? 'Premium Plan' : 'Free Plan'}</p>
        <p className={styles.muted}>
          <span className={`${styles.status} ${styles[status] ?? ''}`}>{STATUS_LABELS[status] ?? status}</span>
          {data.current_period_end ? (
            <>
              {' '}
              {status === 'expired' ? 'Ended' : 'Renews on'} {formatDate(data.current_period_end)}
            </>
          ) : null}
        </p>
      </div>
      {!premium && onUpgrade && data.premium_business_model_enabled ? (
        <Button onClick={onUpgrade}>
          <CrownIcon size={15} />
          Upgrade
        </Button>
      ) : null}
    </div>
  );
}
