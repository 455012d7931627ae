import { Link } from 'react-router';

import { ChevronLeftIcon, ChevronRightIcon } from '@/components/ui/icons';

import styles from './pagination.module.css';

type PaginationProps = {
  currentPage: number;
  totalPages: number;
  /** The URL of a page (the page number is kept in the address, `?page=`). */
  hrefFor: (page: number) => string;
};

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

/** Previous, page numbers and Next as links; nothing when there is one page. */
export function Pagination({ currentPage, totalPages, hrefFor }: PaginationProps) {
  if (totalPages <= 1) return null;
  const pages = pageWindow(currentPage, totalPages);
  return (
    <nav className={styles.nav} aria-label="Pagination">
      {currentPage > 1 ? (
        <Link className={styles.step} to={hrefFor(currentPage - 1)} rel="prev">
          <ChevronLeftIcon size={16} />
          Previous
        </Link>
      ) : (
        <span className={`${styles.step} ${styles.disabled}`} aria-hidden="true">
          <ChevronLeftIcon size={16} />
          Previous
        </span>
      )}
      <ol className={styles.pages}>
        {pages.map((page, index) =>
          page === null ? (
            <li key={`gap-${index}`} className={styles.gap} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={page}>
              <Link
                className={page === currentPage ? `${styles.page} ${styles.current}` : styles.page}
                to={hrefFor(page)}
                aria-label={`Page ${page}`}
                aria-current={page === currentPage ? 'page' : undefined}
              >
                {page}
              </Link>
            </li>
          ),
        )}
      </ol>
      {currentPage < totalPages ? (
        <Link className={styles.step} to={hrefFor(currentPage + 1)} rel="next">
          Next
          <ChevronRightIcon size={16} />
        </Link>
      ) : (
        <span className={`${styles.step} ${styles.disabled}`} aria-hidden="true">
          Next
          <ChevronRightIcon size={16} />
        </span>
      )}
    </nav>
  );
}
