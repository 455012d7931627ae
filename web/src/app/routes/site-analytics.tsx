import { PageSpinner } from '@/components/ui/spinner';
import { env } from '@/config/env';
import { AnalyticsDashboard } from '@/features/analytics/components/analytics-dashboard';
import { useAuth } from '@/features/auth/components/auth-provider';
import { isAdmin } from '@/lib/profile';

import styles from './account.module.css';
import { NotAllowedPage } from './not-allowed';

/**
 * `/site-settings/analytics` (administrators): daily active users, templates by category, top
 * search terms, the upgrade funnel and referral completions over 7, 30 or 90 days, from the
 * server's local analytics sink. Anyone else sees a not-allowed page (the server refuses them
 * too).
 */
export default function SiteAnalyticsRoute() {
  const { user, profile, loading } = useAuth();
  const title = <title>{`Analytics · ${env.APP_NAME}`}</title>;

  if (loading || (user && profile === null)) return <PageSpinner />;
  if (!user || !isAdmin(profile)) {
    return <NotAllowedPage title={title} reason="Analytics are for administrators only." signedIn={Boolean(user)} />;
  }
  return (
    <section className={styles.page}>
      {title}
      <h1 className={styles.heading}>Analytics</h1>
      <AnalyticsDashboard />
    </section>
  );
}
