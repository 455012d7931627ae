import { Link, NavLink } from 'react-router';

import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';

import styles from './site-header.module.css';

export const primaryNav = [
  { label: 'Home', to: paths.home.getHref() },
  { label: 'Templates', to: paths.templates.getHref() },
  { label: 'Logo Maker', to: paths.logoMaker.getHref() },
  { label: 'My Designs', to: paths.myDesigns.getHref() },
] as const;

export function SiteHeader() {
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Link to={paths.home.getHref()} className={styles.brand} aria-label={`${env.APP_NAME} home`}>
          <span className={styles.logoMark} aria-hidden="true">
            d
          </span>
          <span className={styles.logoText}>{env.APP_NAME}</span>
          <Badge>Beta</Badge>
        </Link>

        {/* Desktop only (≥1024px); small screens use the bottom bar instead. */}
        <nav aria-label="Main" className={styles.nav}>
          {primaryNav.map((item) => (
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

        {/* Sign-in arrives with the auth issue; until then these buttons do nothing. */}
        <div className={styles.actions}>
          <Button variant="ghost" size="sm">
            Sign In
          </Button>
          <Button variant="primary" size="sm">
            Get Started
          </Button>
        </div>
      </div>
    </header>
  );
}
