import { paths } from '@/config/paths';
import { ButtonLink, Button } from '@/components/ui/button';
import { ArrowRightIcon } from '@/components/ui/icons';
import { categorySlug } from '@/lib/slug';

import { useHomeRows } from '../api/get-home-rows';
import { HOME_CATEGORIES } from '../constants';
import { TemplateRow } from './template-row';

import styles from './latest-templates.module.css';

/** The home screen's 'Latest Templates' section: one scrolling row per home category. */
export function LatestTemplates() {
  const { data, error, isLoading, mutate } = useHomeRows();

  let content;
  if (error && !data) {
    content = (
      <div className={styles.error} role="alert">
        <p className={styles.errorTitle}>We couldn’t load the latest templates.</p>
        <p className={styles.errorDetail}>{error.message}</p>
        <Button variant="secondary" size="sm" onClick={() => void mutate()}>
          Try again
        </Button>
      </div>
    );
  } else if (isLoading || !data) {
    content = HOME_CATEGORIES.map((category) => (
      <TemplateRow key={category} category={category} slug={categorySlug(category)} templates={[]} loading />
    ));
  } else {
    content = data.rows.map((row, index) => (
      <TemplateRow
        key={row.category}
        category={row.category}
        slug={row.slug || categorySlug(row.category)}
        templates={row.templates}
        eager={index === 0}
      />
    ));
  }

  return (
    <section className={styles.section} aria-labelledby="latest-templates-heading">
      <div className={styles.intro}>
        <h2 id="latest-templates-heading" className={styles.heading}>
          Latest Templates
        </h2>
        <p className={styles.subheading}>Fresh designs for church, celebrations, business and every new month.</p>
      </div>
      <div className={styles.rows}>{content}</div>
      <div className={styles.more}>
        <ButtonLink to={paths.templates.getHref()} variant="secondary" size="lg">
          View All Templates
          <ArrowRightIcon size={18} />
        </ButtonLink>
      </div>
    </section>
  );
}
