import { FlagIcon, LogOutIcon, SettingsIcon, UserIcon, UsersIcon } from '@/components/ui/icons';
import { Menu, MenuExternalLink, MenuItem, MenuLink, MenuSeparator } from '@/components/ui/menu';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/components/auth-provider';
import { useSiteSettings } from '@/features/site-settings/components/site-settings-provider';
import { useIsDesktop } from '@/lib/media-query';
import { fullName, initialOf, isAdmin, planLabel } from '@/lib/profile';

import { useReportProblem } from '../dialogs/report-problem-dialog';

import styles from './avatar-menu.module.css';

/**
 * The avatar menu (spec section 2): initial letter, full name, e-mail and plan label; Account;
 * Join community (mobile only); Site Settings (administrators); Report a Problem; Sign Out.
 */
export function AvatarMenu() {
  const { user, profile, signOut } = useAuth();
  const { communityUrl } = useSiteSettings();
  const reportProblem = useReportProblem();
  const isDesktop = useIsDesktop();
  if (!user) return null;

  const name = fullName(profile ?? user.user_metadata);
  const email = profile?.email ?? user.email ?? '';
  const initial = initialOf(name, email);

  return (
    <Menu
      label="Account"
      triggerLabel="Open account menu"
      triggerClassName={styles.trigger}
      trigger={
        <span className={styles.avatar} aria-hidden="true">
          {initial}
        </span>
      }
      header={
        <div className={styles.who}>
          <span className={`${styles.avatar} ${styles.large}`} aria-hidden="true">
            {initial}
          </span>
          <div className={styles.identity}>
            {name ? <p className={styles.name}>{name}</p> : null}
            <p className={styles.email}>{email}</p>
            <p className={styles.plan}>{planLabel(profile)}</p>
          </div>
        </div>
      }
    >
      <MenuLink to={paths.account.getHref()} icon={<UserIcon size={18} />}>
        Account
      </MenuLink>
      {isDesktop ? null : communityUrl ? (
        <MenuExternalLink href={communityUrl} icon={<UsersIcon size={18} />}>
          Join community
        </MenuExternalLink>
      ) : (
        <MenuLink to={paths.creators.getHref()} icon={<UsersIcon size={18} />}>
          Join community
        </MenuLink>
      )}
      {isAdmin(profile) ? (
        <MenuLink to={paths.siteSettings.getHref()} icon={<SettingsIcon size={18} />}>
          Site Settings
        </MenuLink>
      ) : null}
      <MenuItem icon={<FlagIcon size={18} />} onSelect={reportProblem.open}>
        Report a Problem
      </MenuItem>
      <MenuSeparator />
      <MenuItem icon={<LogOutIcon size={18} />} tone="danger" onSelect={() => void signOut()}>
        Sign Out
      </MenuItem>
    </Menu>
  );
}
