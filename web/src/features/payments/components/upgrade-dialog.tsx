import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { CheckIcon } from '@/components/ui/icons';
import { env } from '@/config/env';

import { PREMIUM_FEATURES, PREMIUM_PRICE_LABEL } from '../lib/plan';

import styles from './upgrade-dialog.module.css';

export type UpgradeDialogViewProps = {
  open: boolean;
  onClose: () => void;
  onUpgrade: () => void;
  /** A payment is being created: Upgrade Now waits. */
  starting: boolean;
  /** The payment-help chat (the `payment_help_url` setting). */
  paymentHelpUrl: string | null;
  /**
   * What 'Problem with your payment?' does while no chat is set: it is a link all the same
   * (spec section 2), and then asks the team in the app instead (the Report a Problem form).
   */
  onPaymentHelp: () => void;
};

/**
 * The upgrade dialog (spec section 2): 'Upgrade to {product} Pro', 1,500 naira per month, the
 * plan's six features, Cancel and Upgrade Now, and 'Problem with your payment?' to the chat.
 */
export function UpgradeDialogView({
  open,
  onClose,
  onUpgrade,
  starting,
  paymentHelpUrl,
  onPaymentHelp,
}: UpgradeDialogViewProps) {
  return (
    <Dialog open={open} onClose={onClose} title={`Upgrade to ${env.APP_NAME} Pro`}>
      <p className={styles.price}>
        <span className={styles.amount}>{PREMIUM_PRICE_LABEL}</span>
        <span className={styles.per}>per month</span>
      </p>
      <ul className={styles.features} aria-label="Pro features">
        {PREMIUM_FEATURES.map((feature) => (
          <li key={feature} className={styles.feature}>
            <span className={styles.check} aria-hidden="true">
              <CheckIcon size={14} />
            </span>
            {feature}
          </li>
        ))}
      </ul>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={onUpgrade} disabled={starting} aria-busy={starting}>
          {starting ? 'Starting payment…' : 'Upgrade Now'}
        </Button>
      </div>
      {paymentHelpUrl ? (
        <a className={styles.help} href={paymentHelpUrl} target="_blank" rel="noopener noreferrer">
          Problem with your payment?
        </a>
      ) : (
        <a
          className={styles.help}
          href="#report-a-problem"
          onClick={(event) => {
            event.preventDefault();
            onPaymentHelp();
          }}
        >
          Problem with your payment?
        </a>
      )}
    </Dialog>
  );
}
