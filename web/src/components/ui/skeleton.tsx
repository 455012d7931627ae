import type { CSSProperties } from 'react';

import styles from './skeleton.module.css';

type SkeletonProps = {
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  /** `circle` for avatars. */
  shape?: 'rect' | 'circle' | 'pill';
  className?: string;
};

/** A shimmering placeholder with a fixed box (no layout shift when the content arrives). */
export function Skeleton({ width, height, shape = 'rect', className }: SkeletonProps) {
  return (
    <span
      aria-hidden="true"
      data-testid="skeleton"
      className={[styles.skeleton, styles[shape], className ?? ''].filter(Boolean).join(' ')}
      style={{ width, height }}
    />
  );
}
