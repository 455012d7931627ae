import { ButtonLink } from '@/components/ui/button';
import { env } from '@/config/env';
import { paths } from '@/config/paths';

import styles from './page.module.css';

/** A page whose screen is not built yet. */
export default function PlaceholderRoute({ title }: { title: string }) {
  return (
    <section className={styles.page}>
      <title>{`${title} · ${env.APP_NAME}`}</title>
      <p className={styles.code}>Coming soon</p>
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.text}>We’re putting the finishing touches on this page.</p>
      <div className={styles.actions}>
        <ButtonLink to={paths.templates.getHref()}>Browse templates</ButtonLink>
        <ButtonLink to={paths.home.getHref()} variant="secondary">
          Back to home
        </ButtonLink>
      </div>
    </section>
  );
}
