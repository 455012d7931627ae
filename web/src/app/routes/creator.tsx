import { Suspense } from 'react';
import { Link, Outlet, useLocation, useParams, useSearchParams } from 'react-router';

import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { useCreator, useCreatorTemplates } from '@/features/creators/api/get-creators';
import { CreatorAvatar } from '@/features/creators/components/creator-avatar';
import { templateCountLabel } from '@/features/creators/components/creator-card';
import { Pager } from '@/components/ui/pager';
import { TemplateGrid } from '@/features/templates/components/template-grid';
import { previewHref } from '@/features/templates/lib/preview-route';
import { ApiError } from '@/lib/api-client';
import { pageFrom, pageHref } from '@/lib/page-query';

import NotFoundRoute from './not-found';

import styles from './creators.module.css';

/** `/creators/{username}`: a creator's profile and published templates; previews open on top. */
export default function CreatorRoute() {
  const { username } = useParams();
  const [searchParams] = useSearchParams();
  const { pathname, search } = useLocation();
  const listingPath = username ? paths.creator.getHref(username) : pathname;
  const page = pageFrom(searchParams);
  const creator = useCreator(username);
  const templates = useCreatorTemplates(creator.data ? username : undefined, page);

  if (creator.error instanceof ApiError && creator.error.status === 404) return <NotFoundRoute />;

  return (
    <div className={styles.page}>
      <title>{`${creator.data?.display_name ?? username ?? 'Creator'} · ${env.APP_NAME}`}</title>
      <nav aria-label="Breadcrumb" className={styles.muted}>
        <Link to={paths.creators.getHref()}>Creators</Link>
      </nav>
      {creator.error && !creator.data ? (
        <div className={styles.state} role="alert">
          <p className={styles.stateTitle}>We couldn’t load this creator.</p>
          <p className={styles.stateText}>{creator.error instanceof Error ? creator.error.message : ''}</p>
          <Button variant="secondary" size="sm" onClick={() => void creator.mutate()}>
            Try again
          </Button>
        </div>
      ) : (
        <header className={styles.profile}>
          {creator.data ? <CreatorAvatar creator={creator.data} size={88} /> : <Skeleton width={88} height={88} shape="circle" />}
          <div className={styles.profileText}>
            <h1 className={styles.title}>{creator.data ? creator.data.display_name || creator.data.username : '\u00a0'}</h1>
            <p className={styles.muted}>
              @{creator.data?.username ?? username}
              {creator.data ? ` · ${templateCountLabel(creator.data.template_count)}` : ''}
            </p>
            {creator.data?.bio ? <p className={styles.bio}>{creator.data.bio}</p> : null}
          </div>
        </header>
      )}

      {creator.data ? (
        <section aria-labelledby="creator-templates" className={styles.header}>
          <h2 id="creator-templates" className={styles.sectionTitle}>
            Templates
          </h2>
          {templates.error && !templates.data ? (
            <div className={styles.state} role="alert">
              <p className={styles.stateTitle}>We couldn’t load these templates.</p>
              <Button variant="secondary" size="sm" onClick={() => void templates.mutate()}>
                Try again
              </Button>
            </div>
          ) : !templates.data ? (
            <TemplateGrid label="Templates" templates={[]} hrefFor={() => ''} loadingCount={8} />
          ) : templates.data.items.length === 0 ? (
            <div className={styles.state}>
              <p className={styles.stateTitle}>
                {page > 1 ? `There is no page ${page}.` : 'This creator has not published any templates yet.'}
              </p>
            </div>
          ) : (
            <>
              <TemplateGrid
                label="Templates"
                templates={templates.data.items}
                hrefFor={(template) => previewHref(listingPath, template.id, search)}
                eagerCount={4}
              />
              <Pager
                currentPage={templates.data.current_page}
                totalPages={templates.data.total_pages}
                hrefFor={(target) => pageHref(listingPath, searchParams, target)}
              />
            </>
          )}
        </section>
      ) : null}
      <Suspense fallback={null}>
        <Outlet />
      </Suspense>
    </div>
  );
}
