import { Button, ButtonLink } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { useAuthDialog } from '@/features/auth/components/auth-dialog-provider';
import { useAuth } from '@/features/auth/components/auth-provider';
import { ProblemReportsList } from '@/features/problem-reports/components/problem-reports-list';
import {
  OtherSettings,
  PremiumModelSwitch,
  SettingChanges,
} from '@/features/site-settings/components/site-settings-admin';
import { isAdmin } from '@/lib/profile';

import styles from './account.module.css';
import page from './page.module.css';

/**
 * `/site-settings` (administrators): the premium business model switch, the other settings, the
 * history of changes and the problem reports. Anyone else sees a not-allowed page (and the
 * server refuses their requests too).
 */
export default function SiteSettingsRoute() {
  const { user, profile, loading } = useAuth();
  const authDialog = useAuthDialog();
  const title = <title>{`Site Settings · ${env.APP_NAME}`}</title>;

  if (loading || (user && profile === null)) return <PageSpinner />;
  if (!user || !isAdmin(profile)) {
    return (
      <section className={page.page}>
        {title}
        <p className={page.code}>403</p>
        <h1 className={page.title}>You are not allowed to see this page</h1>
        <p className={page.text}>Site Settings are for administrators only.</p>
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
      <h1 className={styles.heading}>Site Settings</h1>
      <ButtonLink to={paths.siteAnalytics.getHref()} variant="secondary">
        Analytics
      </ButtonLink>
      <PremiumModelSwitch />
      <OtherSettings />
      <SettingChanges />
      <ProblemReportsList />
    </section>
  );
}
