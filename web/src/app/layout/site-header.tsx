import { Link, NavLink } from 'react-router';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { CrownIcon, UsersIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { preloadAuthDialog, useAuthDialog } from '@/features/auth/components/auth-dialog-provider';
import { useAuth } from '@/features/auth/components/auth-provider';
import { useSiteSettings } from '@/features/site-settings/components/site-settings-provider';
import { useIsDesktop } from '@/lib/media-query';
import { isActivePremium, isAdmin } from '@/lib/profile';

import { useUpgradeDialog } from '../dialogs/upgrade-dialog';

import { AvatarMenu } from './avatar-menu';

import styles from './site-header.module.css';

type NavItem = { label: string; to: string; adminOnly?: boolean };

/** The desktop navigation of spec section 2; AI Photo Editor is for administrators only. */
export const primaryNav: readonly NavItem[] = [
  { label: 'Home', to: paths.home.getHref() },
  { label: 'Templates', to: paths.templates.getHref() },
  { label: 'Logo Maker', to: paths.logoMaker.getHref() },
  { label: 'AI Photo Editor', to: paths.aiPhotoEditor.getHref(), adminOnly: true },
  { label: 'My Designs', to: paths.myDesigns.getHref() },
];

/**
 * The header (spec section 2): logo and Beta badge, Join community, the desktop navigation, and
 * either Sign In / Get Started or (signed in) Upgrade — "Pro" under 1024 px, for users who are
 * not active premium while the premium model is on — and the avatar menu.
 */
export function SiteHeader() {
  const { user, profile, loading } = useAuth();
  const { premiumBusinessModelEnabled, communityUrl } = useSiteSettings();
  const authDialog = useAuthDialog();
  const upgradeDialog = useUpgradeDialog();
  const isDesktop = useIsDesktop();
  const admin = isAdmin(profile);
  // Shown once the profile says so, never while it is unknown (no flash for premium users).
  const showUpgrade = user !== null && profile !== null && premiumBusinessModelEnabled && !isActivePremium(profile);

  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Link to={paths.home.getHref()} className={styles.brand}>
          <span className={styles.logoMark} aria-hidden="true">
            d
          </span>
          <span className={styles.logoText}>{env.APP_NAME}</span>
          <Badge>Beta</Badge>
        </Link>

        {/* Desktop only (≥1024px); small screens use the bottom bar instead. */}
        <nav aria-label="Main" className={styles.nav}>
          {primaryNav
            .filter((item) => !item.adminOnly || admin)
            .map((item) => (
              <NavLink
                key={item.to}
                to={item.to}
                end={item.to === '/'}
                className={({ isActive }) => `${styles.navLink} ${isActive ? styles.navLinkActive : ''}`}
              >
                {item.label}
              </NavLink>
            ))}
        </nav>

        <div className={styles.actions}>
          {/* Always there (spec section 2): the settings' chat, else the creators in the app. */}
          {communityUrl ? (
            <a href={communityUrl} target="_blank" rel="noopener noreferrer" className={styles.community} title="Join community">
              <UsersIcon size={16} />
              <span className={styles.communityText}>Join community</span>
            </a>
          ) : (
            <Link to={paths.creators.getHref()} className={styles.community} title="Join community">
              <UsersIcon size={16} />
              <span className={styles.communityText}>Join community</span>
            </Link>
          )}
          {loading ? (
            <Skeleton width={36} height={36} shape="circle" />
          ) : user ? (
            <>
              {showUpgrade ? (
                <Button size="sm" className={styles.upgrade} onClick={upgradeDialog.open}>
                  <CrownIcon size={15} />
                  {isDesktop ? 'Upgrade' : 'Pro'}
                </Button>
              ) : null}
              <AvatarMenu />
            </>
          ) : (
            <>
              <Button
                variant="ghost"
                size="sm"
                onPointerEnter={preloadAuthDialog}
                onFocus={preloadAuthDialog}
                onClick={() => authDialog.open('signin')}
              >
                Sign In
              </Button>
              <Button
                variant="primary"
                size="sm"
                onPointerEnter={preloadAuthDialog}
                onFocus={preloadAuthDialog}
                onClick={() => authDialog.open('signup')}
              >
                Get Started
              </Button>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
