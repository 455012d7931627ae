import { Component, type ErrorInfo, type ReactNode } from 'react';

import { Button } from '@/components/ui/button';

import styles from './page.module.css';

/** Shown when a page fails to load or render (e.g. a lazy chunk is gone after a deploy). */
export function RouteErrorPage({ error }: { error: unknown }) {
  const detail = error instanceof Error ? error.message : 'Unknown error';
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

type BoundaryProps = { children: ReactNode };

/** Catches a failing page so the header and navigation stay usable; reset by a new `key`. */
export class RouteErrorBoundary extends Component<BoundaryProps, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('A page failed', error, info.componentStack);
  }

  override render() {
    return this.state.error !== null ? <RouteErrorPage error={this.state.error} /> : this.props.children;
  }
}
