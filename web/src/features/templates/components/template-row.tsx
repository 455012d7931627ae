import { useCallback, useEffect, useId, useRef, useState, type RefObject } from 'react';
import { Link } from 'react-router';

import { paths } from '@/config/paths';
import { ArrowRightIcon, ChevronLeftIcon, ChevronRightIcon } from '@/components/ui/icons';
import type { Template } from '@/types/api';

import { rowScrollStep, SKELETON_CARDS_PER_ROW } from '../constants';
import { TemplateCard, TemplateCardSkeleton } from './template-card';

import styles from './template-row.module.css';

/** Cards of the first row loaded at once: what a 1440 px screen shows of it. */
const EAGER_CARDS = 6;

/**
 * How far below and above the screen a row's cards count as near it. Small on purpose: a
 * phone's first view shows two cards of the first row, and the data of every card further away
 * is spent only when the visitor scrolls towards it.
 */
const NEAR_MARGIN = '200px 0px';

/**
 * How much of a card must be within that area to count as seen: a card peeking in at the
 * row's edge waits for the read-ahead, so the previews shown whole arrive first.
 */
const SEEN_RATIO = 0.5;

/** Cards past the last one seen that load once the seen ones have arrived (the next swipe). */
const READ_AHEAD = 2;

/**
 * The index of the last card of the list that has come near the screen (-1: none yet). Cards
 * scrolled out of the row's visible part are clipped by the row, so only the cards a visitor
 * can see count. Without IntersectionObserver every card counts.
 */
function useLastSeenCard(list: RefObject<HTMLUListElement | null>, count: number): number {
  const [lastSeen, setLastSeen] = useState(-1);
  const observable = typeof IntersectionObserver !== 'undefined';
  useEffect(() => {
    const element = list.current;
    if (!element || count === 0 || !observable) return;
    const observer = new IntersectionObserver(
      (entries) => {
        let highest = -1;
        for (const entry of entries) {
          if (entry.isIntersecting && entry.intersectionRatio >= SEEN_RATIO) {
            highest = Math.max(highest, Number((entry.target as HTMLElement).dataset.index));
          }
        }
        if (highest >= 0) setLastSeen((current) => Math.max(current, highest));
      },
      { rootMargin: NEAR_MARGIN, threshold: [0, SEEN_RATIO] },
    );
    for (const item of element.children) observer.observe(item);
    return () => observer.disconnect();
  }, [list, count, observable]);
  return observable ? lastSeen : count - 1;
}

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

  // Previews load when their card comes near the screen; the next READ_AHEAD cards follow once
  // the seen ones have arrived, so the visible previews never share the line with unseen ones.
  const lastSeen = useLastSeenCard(scroller, loading ? 0 : templates.length);
  const [settled, setSettled] = useState<ReadonlySet<string>>(() => new Set());
  const onSettled = useCallback((id: string) => {
    setSettled((current) => (current.has(id) ? current : new Set(current).add(id)));
  }, []);
  const seenArrived =
    lastSeen >= 0 &&
    templates.slice(0, lastSeen + 1).every((template) => !template.preview_url || settled.has(template.id));
  const loadUpTo = lastSeen + (seenArrived ? READ_AHEAD : 0);

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
                    index={index}
                    template={template}
                    to={paths.homeTemplate.getHref(template.id)}
                    eager={eager && index < EAGER_CARDS}
                    deferred={index > loadUpTo}
                    onSettled={() => onSettled(template.id)}
                  />
                ))}
          </ul>
        </div>
      )}
    </section>
  );
}
