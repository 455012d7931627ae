import { env } from '@/config/env';

import styles from './site-footer.module.css';

const social = [
  { label: 'Instagram', href: 'https://www.instagram.com/' },
  { label: 'X', href: 'https://x.com/' },
  { label: 'Facebook', href: 'https://www.facebook.com/' },
] as const;

/** Desktop footer: social links and the copyright line. */
export function SiteFooter() {
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <p>
          © {new Date().getFullYear()} {env.APP_NAME}. Made in Nigeria.
        </p>
        <nav aria-label="Social" className={styles.links}>
          {social.map((item) => (
            <a key={item.label} href={item.href} target="_blank" rel="noreferrer noopener">
              {item.label}
            </a>
          ))}
        </nav>
      </div>
    </footer>
  );
}
