import { useState } from 'react';

import type { Creator } from '@/types/api';

import styles from './creator-avatar.module.css';

/** A creator's picture, or the first letter of their name in a circle of the same size. */
export function CreatorAvatar({ creator, size = 64 }: { creator: Creator; size?: number }) {
  const [broken, setBroken] = useState(false);
  const letter = (creator.display_name || creator.username).trim().charAt(0).toUpperCase() || '?';
  if (creator.avatar_url && !broken) {
    return (
      <img
        className={styles.avatar}
        src={creator.avatar_url}
        alt=""
        width={size}
        height={size}
        loading="lazy"
        decoding="async"
        onError={() => setBroken(true)}
      />
    );
  }
  return (
    <span className={`${styles.avatar} ${styles.initial}`} style={{ width: size, height: size, fontSize: size * 0.42 }} aria-hidden="true">
      {letter}
    </span>
  );
}
