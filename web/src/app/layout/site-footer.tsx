import { env } from '@/config/env';
import { useSiteSettings } from '@/features/site-settings/components/site-settings-provider';

import styles from './site-footer.module.css';

/** Desktop footer (spec section 2): the links of the `footer_links` setting and the copyright line. */
export function SiteFooter() {
  const { footerLinks } = useSiteSettings();
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <p>
          © {new Date().getFullYear()} {env.APP_NAME}. Made in Nigeria.
        </p>
        {footerLinks.length > 0 ? (
          <nav aria-label="Social" className={styles.links}>
            {footerLinks.map((link) => (
              <a key={`${link.label} ${link.url}`} href={link.url} target="_blank" rel="noopener noreferrer">
                {link.label}
              </a>
            ))}
          </nav>
        ) : null}
      </div>
    </footer>
  );
}
