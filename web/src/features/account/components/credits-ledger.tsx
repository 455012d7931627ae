import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/format';
import { REFERRAL_REWARD_CREDITS } from '@/lib/plan-rules';

import { useCredits } from '../api/get-account';

import styles from './account.module.css';

/** What each ledger reason means to the user. */
const REASONS: Record<string, string> = {
  referral_referrer: 'A friend signed up with your link',
  referral_welcome: 'Welcome credits for joining through a referral',
  spend: 'Used',
  adjustment: 'Adjustment',
};

/** The referral-credit balance and ledger (`GET /api/v1/account/credits`). */
export function CreditsLedger({ userId }: { userId: string }) {
  const { data, error } = useCredits(userId);
  if (error) return <p className={styles.muted}>Your credits could not be loaded.</p>;
  if (!data) return <Spinner size="sm" label="Loading your credits" />;
  return (
    <>
      <p>
        <span className={styles.balance} data-testid="credits-balance">
          {data.balance}
        </span>{' '}
        <span className={styles.muted}>credits</span>
      </p>
      {data.entries.length === 0 ? (
        <p className={styles.muted}>No credits yet. Invite friends to earn {REFERRAL_REWARD_CREDITS} credits each.</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table} aria-label="Credits ledger">
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">What</th>
                <th scope="col" className={styles.num}>
                  Credits
                </th>
              </tr>
            </thead>
            <tbody>
              {data.entries.map((entry, index) => (
                <tr key={`${entry.created_at}-${index}`}>
                  <td>{formatDateTime(entry.created_at)}</td>
                  <td>{REASONS[entry.reason] ?? entry.reason}</td>
                  <td className={styles.num}>{entry.amount > 0 ? `+${entry.amount}` : entry.amount}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
