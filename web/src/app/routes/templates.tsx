import { Suspense } from 'react';
import { Link, Outlet, useLocation, useParams, useSearchParams } from 'react-router';

import { Button, ButtonLink } from '@/components/ui/button';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { useCategories, useCategory } from '@/features/templates/api/get-categories';
import { useTemplates, type ListingQuery } from '@/features/templates/api/get-templates';
import { Pager } from '@/components/ui/pager';
import { TemplateGrid } from '@/features/templates/components/template-grid';
import { TemplateSearch } from '@/features/templates/components/template-search';
import { previewHref } from '@/features/templates/lib/preview-route';
import { ApiError } from '@/lib/api-client';
import { pageFrom, pageHref } from '@/lib/page-query';
import type { Category } from '@/types/api';

import { AppPromptDesigner } from '../browse/app-prompt-designer';
import { useRecordSearch } from '../browse/use-record-search';

import styles from './templates.module.css';

/** Skeleton cards while a page loads. */
const SKELETON_CARDS = 12;
/** Cards of a page loaded at once (what the first screen shows); the rest are lazy. */
const EAGER_CARDS = 4;

/**
 * Template listings (spec section 2): every template, a category, a sub-category or a search
 * (`?search=`), 24 per page with the page in the address (`?page=`), and the preview dialog of
 * `…/template/{id}` in the outlet.
 */
export default function TemplatesRoute() {
  const { category: categorySlug, subcategory: subCategorySlug } = useParams();
  const [searchParams] = useSearchParams();
  const search = categorySlug ? '' : (searchParams.get('search')?.trim() ?? '');
  const page = pageFrom(searchParams);
  useRecordSearch(search);

  const categories = useCategories();
  const category = useCategory(categorySlug);
  const subCategory = subCategorySlug
    ? category.data?.sub_categories.find((sub) => sub.slug === subCategorySlug)
    : undefined;

  const unknownCategory =
    (category.error instanceof ApiError && category.error.status === 404) ||
    (subCategorySlug !== undefined && category.data !== undefined && subCategory === undefined);
  const waitingForCategory = categorySlug !== undefined && (category.data === undefined || unknownCategory);

  const query: ListingQuery | null = waitingForCategory
    ? null
    : { page, category: category.data?.name, subCategory: subCategory?.name, search: search || undefined };

  const title = subCategory?.name ?? category.data?.name ?? (search ? `Results for “${search}”` : 'All Templates');

  if (unknownCategory) return <UnknownCategory />;
  const parentSlug = category.data?.slug ?? '';

  return (
    <div className={styles.page}>
      <title>{`${title} · ${env.APP_NAME}`}</title>
      <header className={styles.header}>
        <nav aria-label="Breadcrumb" className={styles.breadcrumb}>
          <Link to={paths.templates.getHref()}>Templates</Link>
          {category.data && subCategory ? (
            <>
              <span aria-hidden="true">/</span>
              <Link to={paths.category.getHref(category.data.slug)}>{category.data.name}</Link>
            </>
          ) : null}
        </nav>
        <h1 className={styles.title}>{categorySlug && !category.data ? '\u00a0' : title}</h1>
        <div className={styles.search}>
          <TemplateSearch key={search} initialTerm={search} />
        </div>
        <div className={styles.prompt}>
          <AppPromptDesigner />
        </div>
      </header>

      <CategoryNav
        label="Categories"
        items={categories.data ?? []}
        current={category.data?.slug}
        allLabel="All"
        allHref={paths.templates.getHref()}
        hrefFor={(item) => paths.category.getHref(item.slug)}
      />
      {category.data && category.data.sub_categories.length > 0 ? (
        <CategoryNav
          label={`${category.data.name} sub-categories`}
          items={category.data.sub_categories}
          current={subCategory?.slug}
          allLabel={`All ${category.data.name}`}
          allHref={paths.category.getHref(category.data.slug)}
          hrefFor={(item) => paths.subCategory.getHref(parentSlug, item.slug)}
          secondary
        />
      ) : null}

      {category.error && !category.data ? (
        <LoadError error={category.error} retry={() => void category.mutate()} />
      ) : (
        <Results query={query} search={search} />
      )}
      <Suspense fallback={null}>
        <Outlet />
      </Suspense>
    </div>
  );
}

function Results({ query, search }: { query: ListingQuery | null; search: string }) {
  const { pathname, search: queryString } = useLocation();
  const [searchParams] = useSearchParams();
  const { data, error, isLoading, isValidating, mutate } = useTemplates(query);
  const listingPath = pathname;

  if (error && !data) return <LoadError error={error} retry={() => void mutate()} />;

  if (!data || query === null || (isLoading && !data)) {
    return (
      <TemplateGrid label="Templates" templates={[]} hrefFor={() => ''} loadingCount={SKELETON_CARDS} />
    );
  }

  const page = query.page;
  if (data.templates.length === 0) {
    return (
      <div className={styles.state}>
        {page > 1 && data.totalCount > 0 ? (
          <>
            <p className={styles.stateTitle}>There is no page {page}.</p>
            <p className={styles.stateText}>
              These results have {data.totalPages} {data.totalPages === 1 ? 'page' : 'pages'}.
            </p>
            <ButtonLink variant="secondary" size="sm" to={pageHref(pathname, searchParams, 1)}>
              Go to the first page
            </ButtonLink>
          </>
        ) : search ? (
          <>
            <p className={styles.stateTitle}>No templates match “{search}”.</p>
            <p className={styles.stateText}>Try another word, or browse every template.</p>
            <ButtonLink variant="secondary" size="sm" to={paths.templates.getHref()}>
              Browse all templates
            </ButtonLink>
          </>
        ) : (
          <>
            <p className={styles.stateTitle}>No templates available in this category</p>
            <ButtonLink variant="secondary" size="sm" to={paths.templates.getHref()}>
              Browse all templates
            </ButtonLink>
          </>
        )}
      </div>
    );
  }

  const first = (data.currentPage - 1) * 24 + 1;
  const last = first + data.templates.length - 1;
  return (
    <>
      <p className={styles.count} aria-live="polite">
        {data.totalCount === 1
          ? '1 template'
          : `${first}–${last} of ${data.totalCount.toLocaleString('en-NG')} templates`}
      </p>
      <div className={isValidating && data.currentPage !== page ? styles.stale : undefined}>
        <TemplateGrid
          label="Templates"
          templates={data.templates}
          hrefFor={(template) => previewHref(listingPath, template.id, queryString)}
          eagerCount={EAGER_CARDS}
        />
      </div>
      <Pager
        currentPage={data.currentPage}
        totalPages={data.totalPages}
        hrefFor={(target) => pageHref(pathname, searchParams, target)}
      />
    </>
  );
}

function LoadError({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <div className={styles.state} role="alert">
      <p className={styles.stateTitle}>We couldn’t load these templates.</p>
      <p className={styles.stateText}>{error instanceof Error ? error.message : String(error)}</p>
      <Button variant="secondary" size="sm" onClick={retry}>
        Try again
      </Button>
    </div>
  );
}

type CategoryNavProps = {
  label: string;
  items: readonly Category[];
  current: string | undefined;
  allLabel: string;
  allHref: string;
  hrefFor: (item: Category) => string;
  secondary?: boolean;
};

function CategoryNav({ label, items, current, allLabel, allHref, hrefFor, secondary = false }: CategoryNavProps) {
  if (items.length === 0) return null;
  return (
    <nav aria-label={label} className={secondary ? `${styles.nav} ${styles.subNav}` : styles.nav}>
      <ul className={styles.chips}>
        <li>
          <Link to={allHref} className={styles.chip} aria-current={current === undefined ? 'page' : undefined}>
            {allLabel}
          </Link>
        </li>
        {items.map((item) => (
          <li key={item.slug}>
            <Link to={hrefFor(item)} className={styles.chip} aria-current={current === item.slug ? 'page' : undefined}>
              {item.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function UnknownCategory() {
  return (
    <section className={styles.state}>
      <title>{`Category not found · ${env.APP_NAME}`}</title>
      <h1 className={styles.stateTitle}>We couldn’t find that category.</h1>
      <p className={styles.stateText}>It may have been renamed. Every template is still in the full listing.</p>
      <ButtonLink variant="secondary" size="sm" to={paths.templates.getHref()}>
        Browse all templates
      </ButtonLink>
    </section>
  );
}
