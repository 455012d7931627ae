import type { HTMLAttributes } from 'react';

import styles from './badge.module.css';

type BadgeProps = HTMLAttributes<HTMLSpanElement> & {
  tone?: 'accent' | 'premium';
};

export function Badge({ tone = 'accent', className, ...props }: BadgeProps) {
  return <span className={[styles.badge, styles[tone], className ?? ''].filter(Boolean).join(' ')} {...props} />;
}
