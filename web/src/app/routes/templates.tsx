import { useParams, useSearchParams } from 'react-router';

import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { ButtonLink } from '@/components/ui/button';

import styles from './page.module.css';

function titleFromSlug(slug: string): string {
  return slug
    .split('-')
    .filter(Boolean)
    .map((word) => (word === 'and' ? '&' : word.charAt(0).toUpperCase() + word.slice(1)))
    .join(' ');
}

/** Template listing (all, by category or sub-category, or a search); the grid comes later. */
export default function TemplatesRoute() {
  const { category, subcategory } = useParams();
  const [searchParams] = useSearchParams();
  const search = searchParams.get('search')?.trim() ?? '';

  const title = subcategory
    ? titleFromSlug(subcategory)
    : category
      ? titleFromSlug(category)
      : search
        ? `Results for “${search}”`
        : 'Templates';

  return (
    <section className={styles.page}>
      <title>{`${title} · ${env.APP_NAME}`}</title>
      <p className={styles.code}>Templates</p>
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.text}>The full template gallery is on its way.</p>
      <div className={styles.actions}>
        <ButtonLink to={paths.home.getHref()} variant="secondary">
          Back to home
        </ButtonLink>
      </div>
    </section>
  );
}
