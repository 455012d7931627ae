import { useState } from 'react';
import { Link } from 'react-router';

import { paths } from '@/config/paths';
import { Badge } from '@/components/ui/badge';
import { CrownIcon, ImageIcon } from '@/components/ui/icons';
import type { Template } from '@/types/api';

import styles from './template-card.module.css';

type TemplateCardProps = {
  template: Template;
  /** Load the preview at once (for cards that are visible on first paint). */
  eager?: boolean;
};

/** A template preview (4:5) with its name; opens the template preview route. */
export function TemplateCard({ template, eager = false }: TemplateCardProps) {
  const [broken, setBroken] = useState(false);
  return (
    <li className={styles.item}>
      <Link
        to={paths.homeTemplate.getHref(template.id)}
        className={styles.card}
        aria-label={template.is_premium ? `${template.name} (Premium)` : template.name}
        preventScrollReset
      >
        <div className={styles.media}>
          {broken ? (
            <div className={styles.fallback}>
              <ImageIcon size={32} />
            </div>
          ) : (
            <img
              className={styles.image}
              src={template.preview_url}
              alt={template.name}
              width={400}
              height={500}
              loading={eager ? 'eager' : 'lazy'}
              decoding="async"
              onError={() => setBroken(true)}
            />
          )}
          {template.is_premium && (
            <Badge tone="premium" className={styles.premium}>
              <CrownIcon size={12} />
              Premium
            </Badge>
          )}
        </div>
        <p className={styles.name}>{template.name}</p>
      </Link>
    </li>
  );
}

/** Placeholder of a card while its row loads. */
export function TemplateCardSkeleton() {
  return (
    <li className={`${styles.item} ${styles.skeleton}`} aria-hidden="true" data-testid="template-card-skeleton">
      <div className={styles.card}>
        <div className={styles.media} />
        <div className={styles.skeletonText} />
      </div>
    </li>
  );
}
