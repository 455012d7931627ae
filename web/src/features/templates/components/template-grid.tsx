import type { Template } from '@/types/api';

import { TemplateCard, TemplateCardSkeleton } from './template-card';

import styles from './template-grid.module.css';

type TemplateGridProps = {
  label: string;
  templates: readonly Template[];
  /** Each card's link (the template's preview route under the current listing). */
  hrefFor: (template: Template) => string;
  /** Show this many skeleton cards instead. */
  loadingCount?: number;
  /** Cards loaded at once (the first screen); the rest are lazy. */
  eagerCount?: number;
  /** `grid`: rows of equal columns; `masonry`: columns on desktop that pack different shapes. */
  variant?: 'grid' | 'masonry';
};

/** Template cards in columns (a listing page, the related templates of a preview). */
export function TemplateGrid({
  label,
  templates,
  hrefFor,
  loadingCount = 0,
  eagerCount = 0,
  variant = 'grid',
}: TemplateGridProps) {
  return (
    <ul className={styles[variant]} aria-label={label} aria-busy={loadingCount > 0}>
      {loadingCount > 0
        ? Array.from({ length: loadingCount }, (_, index) => <TemplateCardSkeleton key={index} layout="grid" />)
        : templates.map((template, index) => (
            <TemplateCard
              key={template.id}
              template={template}
              to={hrefFor(template)}
              layout="grid"
              eager={index < eagerCount}
            />
          ))}
    </ul>
  );
}
