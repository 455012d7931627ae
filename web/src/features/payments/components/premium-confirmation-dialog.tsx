import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { CheckIcon, CrownIcon } from '@/components/ui/icons';

import { PREMIUM_BENEFITS } from '../lib/plan';

import styles from './upgrade-dialog.module.css';

export type PremiumConfirmationDialogProps = {
  /** The paid reference; the dialog is open while there is one. */
  reference: string | null;
  onContinue: () => void;
  onClose: () => void;
  /** Continue is verifying the payment again. */
  continuing: boolean;
};

/** Spec section 2: "You're Now a Premium Member!", the benefits, and Continue (section 4, step 4). */
export function PremiumConfirmationDialog({ reference, onContinue, onClose, continuing }: PremiumConfirmationDialogProps) {
  return (
    <Dialog open={reference !== null} onClose={onClose} title="You're Now a Premium Member!" className={styles.centered}>
      <div className={styles.crown} aria-hidden="true">
        <CrownIcon size={28} />
      </div>
      <p className={styles.reference}>Payment reference: {reference}</p>
      <ul className={styles.features} aria-label="Your premium benefits">
        {PREMIUM_BENEFITS.map((benefit) => (
          <li key={benefit} className={styles.feature}>
            <span className={styles.check} aria-hidden="true">
              <CheckIcon size={14} />
            </span>
            {benefit}
          </li>
        ))}
      </ul>
      <div className={styles.actions}>
        <Button onClick={onContinue} disabled={continuing} aria-busy={continuing}>
          {continuing ? 'Confirming…' : 'Continue'}
        </Button>
      </div>
    </Dialog>
  );
}
