import { useId, useRef } from 'react';
import { Link } from 'react-router';

import { paths } from '@/config/paths';
import { ArrowRightIcon, ChevronLeftIcon, ChevronRightIcon } from '@/components/ui/icons';
import type { Template } from '@/types/api';

import { rowScrollStep, SKELETON_CARDS_PER_ROW } from '../constants';
import { TemplateCard, TemplateCardSkeleton } from './template-card';

import styles from './template-row.module.css';

/** Cards of the first row loaded at once: what a 1440 px screen shows of it. */
const EAGER_CARDS = 6;

type TemplateRowProps = {
  category: string;
  slug: string;
  templates: readonly Template[];
  loading?: boolean;
  /** Load this row's previews at once (the first row is above the fold). */
  eager?: boolean;
};

/** One category on the home screen: title, 'View more', scroll arrows and a horizontal list. */
export function TemplateRow({ category, slug, templates, loading = false, eager = false }: TemplateRowProps) {
  const headingId = useId();
  const scroller = useRef<HTMLUListElement>(null);

  const scroll = (direction: -1 | 1) => {
    scroller.current?.scrollBy({ left: direction * rowScrollStep(window.innerWidth), behavior: 'smooth' });
  };

  const isEmpty = !loading && templates.length === 0;

  return (
    <section className={styles.row} aria-labelledby={headingId}>
      <div className={styles.header}>
        <h3 id={headingId} className={styles.title}>
          {category}
        </h3>
        <Link to={paths.category.getHref(slug)} className={styles.viewMore}>
          View more
          <ArrowRightIcon size={16} />
        </Link>
        {!isEmpty && (
          <div className={styles.arrows}>
            <button
              type="button"
              className={styles.arrow}
              aria-label={`Scroll ${category} left`}
              onClick={() => scroll(-1)}
            >
              <ChevronLeftIcon size={18} />
            </button>
            <button
              type="button"
              className={styles.arrow}
              aria-label={`Scroll ${category} right`}
              onClick={() => scroll(1)}
            >
              <ChevronRightIcon size={18} />
            </button>
          </div>
        )}
      </div>

      {isEmpty ? (
        <p className={styles.empty}>No templates available in this category</p>
      ) : (
        <div className={styles.viewport}>
          <ul ref={scroller} className={styles.scroller} aria-label={`${category} templates`} aria-busy={loading}>
            {loading
              ? Array.from({ length: SKELETON_CARDS_PER_ROW }, (_, index) => <TemplateCardSkeleton key={index} />)
              : templates.map((template, index) => (
                  <TemplateCard
                    key={template.id}
                    template={template}
                    to={paths.homeTemplate.getHref(template.id)}
                    eager={eager && index < EAGER_CARDS}
                  />
                ))}
          </ul>
        </div>
      )}
    </section>
  );
}
