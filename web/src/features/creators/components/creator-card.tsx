import { Link } from 'react-router';

import { paths } from '@/config/paths';
import type { Creator } from '@/types/api';

import { CreatorAvatar } from './creator-avatar';

import styles from './creator-card.module.css';

/** `N templates`, with the singular for one. */
export function templateCountLabel(count: number): string {
  return count === 1 ? '1 template' : `${count.toLocaleString('en-NG')} templates`;
}

/** A creator in the creators list: picture, name, @username, bio and template count. */
export function CreatorCard({ creator }: { creator: Creator }) {
  return (
    <li className={styles.item}>
      <Link to={paths.creator.getHref(creator.username)} className={styles.card}>
        <CreatorAvatar creator={creator} size={56} />
        <div className={styles.text}>
          <p className={styles.name}>{creator.display_name || creator.username}</p>
          <p className={styles.username}>@{creator.username}</p>
          {creator.bio ? <p className={styles.bio}>{creator.bio}</p> : null}
          <p className={styles.count}>{templateCountLabel(creator.template_count)}</p>
        </div>
      </Link>
    </li>
  );
}
