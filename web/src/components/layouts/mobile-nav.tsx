import { NavLink } from 'react-router';

import { paths } from '@/config/paths';
import { FolderIcon, HomeIcon, LogoMakerIcon, PlusIcon, TemplatesIcon } from '@/components/ui/icons';

import styles from './mobile-nav.module.css';

const itemClass = ({ isActive }: { isActive: boolean }) => `${styles.item} ${isActive ? styles.active : ''}`;

/** The bottom bar shown below 1024px (spec section 2, Home screen). */
export function MobileNav() {
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
      <NavLink to={paths.design.getHref({ blank: true })} className={styles.create} aria-label="New design">
        <PlusIcon size={24} strokeWidth={2.5} />
      </NavLink>
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
