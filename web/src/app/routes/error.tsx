import { isRouteErrorResponse, useRouteError } from 'react-router';

import { Button } from '@/components/ui/button';

import styles from './page.module.css';

/** Shown when a route fails to load or render (e.g. a lazy chunk is gone after a deploy). */
export function RouteErrorPage() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'Unknown error';
  return (
    <section className={styles.page} role="alert">
      <p className={styles.code}>Error</p>
      <h1 className={styles.title}>Something went wrong</h1>
      <p className={styles.text}>{detail}</p>
      <div className={styles.actions}>
        <Button onClick={() => window.location.reload()}>Reload the page</Button>
      </div>
    </section>
  );
}
