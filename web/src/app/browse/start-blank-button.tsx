import { Button } from '@/components/ui/button';
import { PlusIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { useAuthDialog } from '@/features/auth/components/auth-dialog-provider';
import { useAuth } from '@/features/auth/components/auth-provider';

import styles from './start-blank-button.module.css';

/**
 * 'Start with a blank page' (desktop only, spec section 2): opens `/design?blank=true` in a new
 * tab; a signed-out visitor is asked to sign up instead.
 */
export function StartBlankButton() {
  const { user } = useAuth();
  const authDialog = useAuthDialog();

  const onClick = () => {
    if (!user) {
      authDialog.open('signup');
      return;
    }
    window.open(paths.design.getHref({ blank: true }), '_blank', 'noopener');
  };

  return (
    <div className={styles.wrap}>
      <Button variant="secondary" size="lg" onClick={onClick}>
        <PlusIcon size={18} />
        Start with a blank page
      </Button>
    </div>
  );
}
