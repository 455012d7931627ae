import { Outlet, useNavigation } from 'react-router';

import { AuthDialogProvider } from '@/features/auth/components/auth-dialog-provider';
import { useCaptureReferral } from '@/features/auth/hooks/use-capture-referral';

import { ReportProblemProvider } from '../dialogs/report-problem-dialog';
import { UpgradeDialogProvider } from '../dialogs/upgrade-dialog';

import { InAppBrowserBanner } from './in-app-browser-banner';
import { MobileNav } from './mobile-nav';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

import styles from './main-layout.module.css';

/**
 * The root route's element: the dialogs any page may open (auth, upgrade, report a problem),
 * then the page frame — banner, header, the routed page, footer (desktop), bottom bar (mobile).
 */
export function MainLayout() {
  return (
    <AuthDialogProvider>
      <UpgradeDialogProvider>
        <ReportProblemProvider>
          <PageFrame />
        </ReportProblemProvider>
      </UpgradeDialogProvider>
    </AuthDialogProvider>
  );
}

function PageFrame() {
  const navigation = useNavigation();
  useCaptureReferral();
  return (
    <div className={styles.shell}>
      {navigation.state === 'loading' && (
        <div className={styles.progress} role="progressbar" aria-label="Loading page" />
      )}
      <InAppBrowserBanner />
      <SiteHeader />
      <main className={styles.main}>
        <Outlet />
      </main>
      <SiteFooter />
      <MobileNav />
    </div>
  );
}
