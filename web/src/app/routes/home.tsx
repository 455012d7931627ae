import { Suspense } from 'react';
import { Link, Outlet } from 'react-router';

import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { LatestTemplates } from '@/features/templates/components/latest-templates';
import { TemplateSearch } from '@/features/templates/components/template-search';
import { HOME_CATEGORIES } from '@/features/templates/constants';
import { categorySlug } from '@/lib/slug';

import { AppPromptDesigner } from '../browse/app-prompt-designer';
import { StartBlankButton } from '../browse/start-blank-button';

import styles from './home.module.css';

/** `/` and `/template/{id}` (the preview dialog will render in the outlet). */
export default function HomeRoute() {
  return (
    <>
      <title>{`${env.APP_NAME}: Design Like a Pro`}</title>
      <section className={styles.hero} aria-labelledby="hero-heading">
        <div className={styles.inner}>
          <p className={styles.eyebrow}>
            <span className={styles.dot} aria-hidden="true" />
            Templates made for Nigerian moments
          </p>
          <h1 id="hero-heading" className={styles.title}>
            Design Like a <span className={styles.highlight}>Pro</span>
          </h1>
          <p className={styles.tagline}>Culturally relevant. Fully editable. Always professional.</p>
          <div className={styles.search}>
            <TemplateSearch />
          </div>
          <div className={styles.prompt}>
            <AppPromptDesigner />
          </div>
          <StartBlankButton />
          <nav aria-label="Popular categories" className={styles.chips}>
            {HOME_CATEGORIES.map((category) => (
              <Link key={category} to={paths.category.getHref(categorySlug(category))} className={styles.chip}>
                {category}
              </Link>
            ))}
          </nav>
        </div>
      </section>
      <LatestTemplates />
      <Suspense fallback={null}>
        <Outlet />
      </Suspense>
    </>
  );
}
