import { useMatches } from 'react-router';

import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { ButtonLink } from '@/components/ui/button';

import styles from './page.module.css';

export type PageHandle = { title: string };

function isPageHandle(handle: unknown): handle is PageHandle {
  return typeof handle === 'object' && handle !== null && typeof (handle as PageHandle).title === 'string';
}

/** A page whose screen is not built yet; its title comes from the route's `handle`. */
export default function PlaceholderRoute() {
  const title = useMatches().map((match) => match.handle).findLast(isPageHandle)?.title ?? env.APP_NAME;
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
