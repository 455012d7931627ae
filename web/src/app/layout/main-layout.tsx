import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';

import { PageSpinner } from '@/components/ui/spinner';
import { AuthDialogProvider } from '@/features/auth/components/auth-dialog-provider';
import { useCaptureReferral } from '@/features/auth/hooks/use-capture-referral';

import { AppReportProblemDialog } from '../dialogs/app-report-problem-dialog';
import { AppUpgradeDialog } from '../dialogs/app-upgrade-dialog';
import { ReportProblemProvider } from '../dialogs/report-problem-dialog';
import { UpgradeDialogProvider } from '../dialogs/upgrade-dialog';
import { RouteErrorBoundary } from '../routes/error';

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
      {/* Outside the upgrade dialog: its 'Problem with your payment?' may open the form. */}
      <ReportProblemProvider dialog={AppReportProblemDialog}>
        <UpgradeDialogProvider dialog={AppUpgradeDialog}>
          <PageFrame />
        </UpgradeDialogProvider>
      </ReportProblemProvider>
    </AuthDialogProvider>
  );
}

/** A preview dialog route (`…/template/{id}`) opens over the page it came from. */
const isPreview = (pathname: string) => /\/template\/[^/]+$/.test(pathname);

function PageFrame() {
  const { pathname } = useLocation();
  useCaptureReferral();
  useScrollToTop(pathname);
  // The page behind a preview keeps its boundary (and state) while the preview opens.
  const page = isPreview(pathname) ? pathname.replace(/\/?template\/[^/]+$/, '') || '/' : pathname;
  return (
    <div className={styles.shell}>
      <InAppBrowserBanner />
      <SiteHeader />
      <main className={styles.main}>
        <RouteErrorBoundary key={page}>
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <SiteFooter />
      <MobileNav />
    </div>
  );
}

/** A new page starts at the top; opening or closing a preview keeps the page's scroll. */
function useScrollToTop(pathname: string) {
  const previous = useRef(pathname);
  useEffect(() => {
    const from = previous.current;
    previous.current = pathname;
    if (from === pathname || isPreview(from) || isPreview(pathname)) return;
    window.scrollTo(0, 0);
  }, [pathname]);
}
