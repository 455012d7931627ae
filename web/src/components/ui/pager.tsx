import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { ChevronLeftIcon, ChevronRightIcon } from './icons';
import styles from './pager.module.css';

type PagerBase = {
  currentPage: number;
  totalPages: number;
  /** The navigation landmark's name; give each pager of one screen its own. */
  label?: string;
  /**
   * `numbers` (default): the page numbers around the current one, each its own link or button.
   * `count`: "Page 2 of 5" between Previous and Next, for short admin and account lists.
   */
  show?: 'numbers' | 'count';
};

export type PagerProps = PagerBase &
  (
    | {
        /** The URL of a page, when the page is kept in the address (`?page=`): links. */
        hrefFor: (page: number) => string;
        onPageChange?: never;
      }
    | {
        /** Called with the page asked for, when the page is kept in the screen's state: buttons. */
        onPageChange: (page: number) => void;
        hrefFor?: never;
      }
  );

/** Page numbers around the current one, with the first and last, and gaps as `null`. */
export function pageWindow(current: number, total: number): (number | null)[] {
  const pages = new Set([1, total, current - 1, current, current + 1].filter((p) => p >= 1 && p <= total));
  const sorted = [...pages].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const page of sorted) {
    const last = out[out.length - 1];
    if (typeof last === 'number' && page - last === 2) out.push(last + 1);
    else if (typeof last === 'number' && page - last > 2) out.push(null);
    out.push(page);
  }
  return out;
}

/**
 * The app's one pager: a `nav` landmark with Previous, the pages (or "Page 2 of 5") and Next, as
 * links (`hrefFor`) or buttons (`onPageChange`). The current page is `aria-current="page"`; each
 * page number is named "Page N"; every target is at least 40 × 40 px. Previous on the first page
 * and Next on the last are hidden links, or buttons marked `aria-disabled` that do nothing.
 * Nothing is shown for a single page.
 */
export function Pager(props: PagerProps) {
  const { currentPage, totalPages, label = 'Pagination', show = 'numbers', hrefFor, onPageChange } = props;
  if (totalPages <= 1) return null;

  const target = (page: number, className: string | undefined, content: ReactNode, extra: { name?: string; rel?: string; current?: boolean } = {}) => {
    const shared = {
      className,
      'aria-label': extra.name,
      'aria-current': extra.current ? ('page' as const) : undefined,
    };
    if (hrefFor) {
      return (
        <Link {...shared} to={hrefFor(page)} rel={extra.rel}>
          {content}
        </Link>
      );
    }
    return (
      <button {...shared} type="button" onClick={() => onPageChange?.(page)}>
        {content}
      </button>
    );
  };

  // Previous on the first page, Next on the last. As links it keeps its place, hidden (the page
  // changes anyway); as buttons it stays, marked unavailable, so the focus it had is not lost.
  const unavailable = (content: ReactNode) =>
    hrefFor ? (
      <span className={`${styles.step} ${styles.hidden}`} aria-hidden="true">
        {content}
      </span>
    ) : (
      <button type="button" className={`${styles.step} ${styles.unavailable}`} aria-disabled="true">
        {content}
      </button>
    );

  const previous = (
    <>
      <ChevronLeftIcon size={16} />
      Previous
    </>
  );
  const next = (
    <>
      Next
      <ChevronRightIcon size={16} />
    </>
  );

  return (
    <nav className={styles.nav} aria-label={label}>
      {currentPage > 1 ? (
        target(currentPage - 1, styles.step, previous, { rel: 'prev' })
      ) : (
        unavailable(previous)
      )}
      {show === 'count' ? (
        <span className={styles.count} aria-live="polite">
          Page {currentPage} of {totalPages}
        </span>
      ) : (
        <ol className={styles.pages}>
          {pageWindow(currentPage, totalPages).map((page, index) =>
            page === null ? (
              <li key={`gap-${index}`} className={styles.gap} aria-hidden="true">
                …
              </li>
            ) : (
              <li key={page}>
                {target(page, page === currentPage ? `${styles.page} ${styles.current}` : styles.page, page, {
                  name: `Page ${page}`,
                  current: page === currentPage,
                })}
              </li>
            ),
          )}
        </ol>
      )}
      {currentPage < totalPages ? (
        target(currentPage + 1, styles.step, next, { rel: 'next' })
      ) : (
        unavailable(next)
      )}
    </nav>
  );
}
