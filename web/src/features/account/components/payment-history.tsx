import { useState } from 'react';

import { Pager } from '@/components/ui/pager';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime, formatKobo } from '@/lib/format';

import { usePayments } from '../api/get-account';

import styles from './account.module.css';

const STATUS_LABELS: Record<string, string> = {
  succeeded: 'Paid',
  pending: 'Pending',
  abandoned: 'Cancelled',
  failed: 'Failed',
  rejected: 'Rejected',
};

/** The user's payments, newest first, ten a page (`GET /api/v1/account/payments`). */
export function PaymentHistory({ userId }: { userId: string }) {
  const [page, setPage] = useState(1);
  const { data, error, isLoading } = usePayments(userId, page);

  if (error) return <p className={styles.muted}>Your payments could not be loaded.</p>;
  if (isLoading && !data) return <Spinner size="sm" label="Loading your payments" />;
  if (!data || data.items.length === 0) return <p className={styles.muted}>No payments yet.</p>;

  return (
    <>
      <div className={styles.tableWrap}>
        <table className={styles.table} aria-label="Payment history">
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Reference</th>
              <th scope="col" className={styles.num}>
                Amount
              </th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {data.items.map((payment) => (
              <tr key={payment.reference}>
                <td>{formatDateTime(payment.paid_at ?? payment.created_at)}</td>
                <td className={styles.mono}>{payment.reference}</td>
                <td className={styles.num}>{formatKobo(payment.amount_kobo, payment.currency)}</td>
                <td>
                  <span className={`${styles.status} ${styles[payment.status] ?? ''}`}>
                    {STATUS_LABELS[payment.status] ?? payment.status}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager
        label="Payment pages"
        show="count"
        currentPage={data.current_page}
        totalPages={data.total_pages}
        onPageChange={setPage}
      />
    </>
  );
}
