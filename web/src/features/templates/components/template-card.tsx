import { useState, type CSSProperties } from 'react';
import { Link } from 'react-router';

import { Badge } from '@/components/ui/badge';
import { CrownIcon, ImageIcon } from '@/components/ui/icons';
import type { Template } from '@/types/api';

import { CARD_QUALITY, previewSrc, templateAspect } from '../lib/preview-image';

import styles from './template-card.module.css';

/** Heights of a card in a home row, by breakpoint (the row has one height; widths follow each template's shape). */
export const ROW_CARD_HEIGHTS = { small: 210, medium: 245, large: 280 } as const;

/** Width of a card in a listing grid, by breakpoint (heights follow each template's shape). */
export const GRID_CARD_WIDTHS = { small: 170, medium: 220, large: 240 } as const;

type TemplateCardProps = {
  template: Template;
  /** The card's place in its list (`data-index`, for the row that watches which cards are seen). */
  index?: number;
  /** Where the card leads: the template's preview route under the current listing. */
  to: string;
  /** Load the preview at once (cards visible on first paint); the rest load lazily. */
  eager?: boolean;
  /**
   * Hold the preview back: the image keeps its name and box but requests nothing until the
   * row that shows it says so (home rows load only the cards near the screen).
   */
  deferred?: boolean;
  /** The preview has arrived or failed (a row waits for its visible cards before reading ahead). */
  onSettled?: () => void;
  /** `row`: fixed height, width from the template's shape; `grid`: fixed width, height from it. */
  layout?: 'row' | 'grid';
};

/** The CSS widths a card shows at (each breakpoint), for `srcset` and `sizes`. */
function cardWidths(aspect: number, layout: 'row' | 'grid') {
  if (layout === 'grid') return GRID_CARD_WIDTHS;
  return {
    small: Math.ceil(ROW_CARD_HEIGHTS.small * aspect),
    medium: Math.ceil(ROW_CARD_HEIGHTS.medium * aspect),
    large: Math.ceil(ROW_CARD_HEIGHTS.large * aspect),
  };
}

/**
 * A template preview with its name; opens the template's preview route. The box has the
 * template's own shape (square, 4:5, story) before the image arrives, so nothing moves when it
 * loads, and the image is fitted inside it, never cropped. The image is requested at the size
 * the card shows (1x and 2x through `srcset`).
 */
export function TemplateCard({
  template,
  index,
  to,
  eager = false,
  deferred = false,
  onSettled,
  layout = 'row',
}: TemplateCardProps) {
  const [broken, setBroken] = useState(false);
  const aspect = templateAspect(template);
  const widths = cardWidths(aspect, layout);
  const candidates = [...new Set([widths.small, widths.medium, widths.large].flatMap((w) => [w, w * 2]))].sort(
    (a, b) => a - b,
  );
  const preview = template.preview_url;
  const srcSet = preview
    ? candidates.map((w) => `${previewSrc(preview, w, CARD_QUALITY)} ${w}w`).join(', ')
    : undefined;
  const sizes = `(min-width: 1024px) ${widths.large}px, (min-width: 640px) ${widths.medium}px, ${widths.small}px`;
  const style = { '--aspect': String(aspect) } as CSSProperties;

  return (
    <li className={`${styles.item} ${styles[layout]}`} style={style} data-index={index}>
      {/* Named by its image (the template's name) and the Premium badge; the visible name below
          repeats the image's, so it is hidden from screen readers. */}
      <Link to={to} className={styles.card} preventScrollReset>
        <div className={styles.media}>
          {broken || !template.preview_url ? (
            <div className={styles.fallback}>
              <ImageIcon size={32} />
            </div>
          ) : (
            <img
              className={styles.image}
              {...(deferred ? {} : { src: previewSrc(template.preview_url, widths.small, CARD_QUALITY), srcSet, sizes })}
              alt={template.name}
              width={Math.round(400 * aspect)}
              height={400}
              loading={eager ? 'eager' : 'lazy'}
              fetchPriority={eager ? 'high' : 'auto'}
              decoding="async"
              onLoad={onSettled}
              onError={() => {
                setBroken(true);
                onSettled?.();
              }}
            />
          )}
          {template.is_premium && (
            <Badge tone="premium" className={styles.premium}>
              <CrownIcon size={12} />
              Premium
            </Badge>
          )}
        </div>
        <p className={styles.name} aria-hidden="true">
          {template.name}
        </p>
      </Link>
    </li>
  );
}

/** Placeholder of a card while its row or page loads (the 4:5 flyer shape). */
export function TemplateCardSkeleton({ layout = 'row' }: { layout?: 'row' | 'grid' }) {
  const style = { '--aspect': '0.8' } as CSSProperties;
  return (
    <li
      className={`${styles.item} ${styles[layout]} ${styles.skeleton}`}
      style={style}
      aria-hidden="true"
      data-testid="template-card-skeleton"
    >
      <div className={styles.card}>
        <div className={styles.media} />
        <div className={styles.skeletonText} />
      </div>
    </li>
  );
}
