import { NavLink } from 'react-router';

import { FolderIcon, HomeIcon, LogoMakerIcon, PlusIcon, TemplatesIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { preloadAuthDialog, useAuthDialog } from '@/features/auth/components/auth-dialog-provider';
import { useAuth } from '@/features/auth/components/auth-provider';

import styles from './mobile-nav.module.css';

const itemClass = ({ isActive }: { isActive: boolean }) => `${styles.item} ${isActive ? styles.active : ''}`;

/**
 * The bottom bar shown below 1024px (spec section 2): Home, Logo Maker, the new-design button
 * (a signed-out visitor is asked to sign up; a member gets a blank design), Templates, My Designs.
 */
export function MobileNav() {
  const { user } = useAuth();
  const authDialog = useAuthDialog();
  return (
    <nav aria-label="Mobile" className={styles.bar}>
      <NavLink to={paths.home.getHref()} end className={itemClass}>
        <HomeIcon size={22} />
        Home
      </NavLink>
      <NavLink to={paths.logoMaker.getHref()} className={itemClass}>
        <LogoMakerIcon size={22} />
        Logo Maker
      </NavLink>
      {user ? (
        <NavLink to={paths.design.getHref({ blank: true })} className={styles.create} aria-label="New design">
          <PlusIcon size={24} strokeWidth={2.5} />
        </NavLink>
      ) : (
        <button
          type="button"
          className={styles.create}
          aria-label="New design"
          onPointerEnter={preloadAuthDialog}
          onClick={() => authDialog.open('signup')}
        >
          <PlusIcon size={24} strokeWidth={2.5} />
        </button>
      )}
      <NavLink to={paths.templates.getHref()} className={itemClass}>
        <TemplatesIcon size={22} />
        Templates
      </NavLink>
      <NavLink to={paths.myDesigns.getHref()} className={itemClass}>
        <FolderIcon size={22} />
        My Designs
      </NavLink>
    </nav>
  );
}
