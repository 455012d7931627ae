import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { ButtonLink } from '@/components/ui/button';

import styles from './page.module.css';

/** Any path outside the route table. */
export default function NotFoundRoute() {
  return (
    <section className={styles.page}>
      <title>{`Page not found · ${env.APP_NAME}`}</title>
      <p className={styles.code}>404</p>
      <h1 className={styles.title}>Page not found</h1>
      <p className={styles.text}>The page you’re looking for doesn’t exist or has moved.</p>
      <div className={styles.actions}>
        <ButtonLink to={paths.home.getHref()}>Go home</ButtonLink>
        <ButtonLink to={paths.templates.getHref()} variant="secondary">
          Browse templates
        </ButtonLink>
      </div>
    </section>
  );
}
