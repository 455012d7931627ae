import { Outlet, useNavigation } from 'react-router';

import { MobileNav } from './mobile-nav';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

import styles from './main-layout.module.css';

/** The page frame: header, the routed page, footer (desktop) and bottom bar (mobile). */
export function MainLayout() {
  const navigation = useNavigation();
  return (
    <div className={styles.shell}>
      {navigation.state === 'loading' && (
        <div className={styles.progress} role="progressbar" aria-label="Loading page" />
      )}
      <SiteHeader />
      <main className={styles.main}>
        <Outlet />
      </main>
      <SiteFooter />
      <MobileNav />
    </div>
  );
}
