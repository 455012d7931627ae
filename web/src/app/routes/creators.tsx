import { useLocation, useSearchParams } from 'react-router';

import { Button } from '@/components/ui/button';
import { env } from '@/config/env';
import { useCreators } from '@/features/creators/api/get-creators';
import { CreatorCard } from '@/features/creators/components/creator-card';
import { Pager } from '@/components/ui/pager';
import { pageFrom, pageHref } from '@/lib/page-query';

import styles from './creators.module.css';

/** `/creators`: the people who publish templates, 24 per page (`?page=`). */
export default function CreatorsRoute() {
  const [searchParams] = useSearchParams();
  const { pathname } = useLocation();
  const page = pageFrom(searchParams);
  const { data, error, mutate } = useCreators(page);

  let content;
  if (error && !data) {
    content = (
      <div className={styles.state} role="alert">
        <p className={styles.stateTitle}>We couldn’t load the creators.</p>
        <p className={styles.stateText}>{error instanceof Error ? error.message : String(error)}</p>
        <Button variant="secondary" size="sm" onClick={() => void mutate()}>
          Try again
        </Button>
      </div>
    );
  } else if (!data) {
    content = (
      <ul className={styles.grid} aria-label="Loading creators" aria-busy="true">
        {Array.from({ length: 6 }, (_, index) => (
          <li key={index} className={styles.skeleton} aria-hidden="true" data-testid="creator-skeleton" />
        ))}
      </ul>
    );
  } else if (data.items.length === 0) {
    content = (
      <div className={styles.state}>
        <p className={styles.stateTitle}>{page > 1 ? `There is no page ${page}.` : 'No creators yet.'}</p>
        <p className={styles.stateText}>Creators who publish templates appear here.</p>
      </div>
    );
  } else {
    content = (
      <>
        <ul className={styles.grid} aria-label="Creators">
          {data.items.map((creator) => (
            <CreatorCard key={creator.username} creator={creator} />
          ))}
        </ul>
        <Pager
          currentPage={data.current_page}
          totalPages={data.total_pages}
          hrefFor={(target) => pageHref(pathname, searchParams, target)}
        />
      </>
    );
  }

  return (
    <div className={styles.page}>
      <title>{`Creators · ${env.APP_NAME}`}</title>
      <header className={styles.header}>
        <h1 className={styles.title}>Creators</h1>
        <p className={styles.lead}>The designers behind the templates. Open a creator to see everything they publish.</p>
      </header>
      {content}
    </div>
  );
}
