import { Button, ButtonLink } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { AnalyticsDashboard } from '@/features/analytics/components/analytics-dashboard';
import { useAuthDialog } from '@/features/auth/components/auth-dialog-provider';
import { useAuth } from '@/features/auth/components/auth-provider';
import { isAdmin } from '@/lib/profile';

import styles from './account.module.css';
import page from './page.module.css';

/**
 * `/site-settings/analytics` (administrators): daily active users, templates by category, top
 * search terms, the upgrade funnel and referral completions over 7, 30 or 90 days, from the
 * server's local analytics sink. Anyone else sees a not-allowed page (the server refuses them
 * too).
 */
export default function SiteAnalyticsRoute() {
  const { user, profile, loading } = useAuth();
  const authDialog = useAuthDialog();
  const title = <title>{`Analytics · ${env.APP_NAME}`}</title>;

  if (loading || (user && profile === null)) return <PageSpinner />;
  if (!user || !isAdmin(profile)) {
    return (
      <section className={page.page}>
        {title}
        <p className={page.code}>403</p>
        <h1 className={page.title}>You are not allowed to see this page</h1>
        <p className={page.text}>Analytics are for administrators only.</p>
        <div className={page.actions}>
          {user ? null : <Button onClick={() => authDialog.open('signin')}>Sign In</Button>}
          <ButtonLink to={paths.home.getHref()} variant={user ? 'primary' : 'secondary'}>
            Go home
          </ButtonLink>
        </div>
      </section>
    );
  }
  return (
    <section className={styles.page}>
      {title}
      <h1 className={styles.heading}>Analytics</h1>
      <AnalyticsDashboard />
    </section>
  );
}
