import { ButtonLink } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/components/auth-provider';
import { ProblemReportsList } from '@/features/problem-reports/components/problem-reports-list';
import {
  OtherSettings,
  PremiumModelSwitch,
  SettingChanges,
} from '@/features/site-settings/components/site-settings-admin';
import { isAdmin } from '@/lib/profile';

import styles from './account.module.css';
import { NotAllowedPage } from './not-allowed';

/**
 * `/site-settings` (administrators): the premium business model switch, the other settings, the
 * history of changes and the problem reports. Anyone else sees a not-allowed page (and the
 * server refuses their requests too).
 */
export default function SiteSettingsRoute() {
  const { user, profile, loading } = useAuth();
  const title = <title>{`Site Settings · ${env.APP_NAME}`}</title>;

  if (loading || (user && profile === null)) return <PageSpinner />;
  if (!user || !isAdmin(profile)) {
    return <NotAllowedPage title={title} reason="Site Settings are for administrators only." signedIn={Boolean(user)} />;
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
