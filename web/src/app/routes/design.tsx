import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';

import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { createDesign, latestDesignFrom } from '@/features/editor/api/designs';
import { ApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { serverReason } from '@/lib/server-reason';

import { RequireSignIn } from '../auth/require-sign-in';
import { useUpgradeDialog } from '../dialogs/upgrade-dialog';

import { BrowseTemplates, PageMessage } from './page-message';
import styles from './page.module.css';

/** The size of a blank design (a square post). */
export const BLANK_SIZE = { width: 1080, height: 1080 };

type Failure = { title: string; text: string };

function failureOf(error: unknown): Failure {
  // The server's reason, under a heading that says what happened.
  if (error instanceof ApiError && error.code === 'upgrade_required') {
    return { title: 'This is a premium template', text: serverReason(error) };
  }
  if (error instanceof ApiError && error.code === 'insufficient_credits') {
    return { title: 'No credits left for a new design', text: serverReason(error) };
  }
  if (error instanceof ApiError && error.code === 'template_has_no_document') {
    return { title: 'This template cannot be opened', text: serverReason(error) };
  }
  if (error instanceof ApiError && (error.code === 'template_not_found' || error.status === 404)) {
    return { title: 'Template not found', text: 'It may have been removed. Choose another template.' };
  }
  return { title: 'We could not create your design', text: serverReason(error) };
}

type Existing = { id: string; name: string; updated_at: string };

/**
 * `/design?templateId={id}` and `/design?blank=true`: creates a design (from the template, or
 * blank) and replaces the URL with `/editor?designId={id}`. Signed out: the auth dialog. A
 * template the member has customised before offers their latest design from it first, with
 * "Start a new copy" (`&new=true` goes straight to a new copy), so tapping Customize again does
 * not pile up identical designs.
 */
export default function DesignRoute() {
  const [params] = useSearchParams();
  const templateId = params.get('templateId');
  const blank = params.get('blank') === 'true';
  if (!templateId && !blank) {
    return <PageMessage title="Nothing to open" text="Choose a template or start with a blank page." />;
  }
  return (
    <RequireSignIn
      title="Sign in to design"
      heading="Sign in to design"
      text="Sign in or create an account to customise templates."
      openDialog
      pending={<Creating />}
      actions={<BrowseTemplates variant="secondary" />}
    >
      {() => <CreateDesign templateId={templateId} fresh={params.get('new') === 'true'} />}
    </RequireSignIn>
  );
}

/** Creates the design (or first offers the member's latest one from the template). */
function CreateDesign({ templateId, fresh }: { templateId: string | null; fresh: boolean }) {
  const navigate = useNavigate();
  const upgrade = useUpgradeDialog();
  const [failure, setFailure] = useState<Failure | null>(null);
  const [existing, setExisting] = useState<Existing | null>(null);
  const started = useRef<string | null>(null);
  const request = templateId ? `template:${templateId}` : 'blank';

  const create = useCallback(() => {
    createDesign(templateId ? { template_id: templateId } : { blank: BLANK_SIZE })
      .then((design) => navigate(paths.editor.getHref(design.id), { replace: true }))
      .catch((error: unknown) => {
        if (error instanceof ApiError && (error.code === 'upgrade_required' || error.code === 'insufficient_credits')) upgrade.open();
        if (error instanceof ApiError && error.code === 'template_has_no_document') {
          console.error('A template without polotno_json was opened in the editor', templateId);
        }
        setFailure(failureOf(error));
      });
  }, [templateId, navigate, upgrade]);

  useEffect(() => {
    if (started.current === request) return;
    started.current = request;
    if (!templateId || fresh) {
      create();
      return;
    }
    latestDesignFrom(templateId).then(
      (found) => (found ? setExisting(found) : create()),
      (error: unknown) => {
        console.error('Could not look for an earlier design from this template', error);
        create();
      },
    );
  }, [request, templateId, fresh, create]);

  if (failure) return <PageMessage title={failure.title} text={failure.text} />;
  if (existing) {
    return (
      <section className={styles.page}>
        <title>{`Continue your design? · ${env.APP_NAME}`}</title>
        <h1 className={styles.title}>Continue your design?</h1>
        <p className={styles.text}>
          You made “{existing.name}” from this template, last edited {formatDateTime(existing.updated_at)}.
        </p>
        <div className={styles.actions}>
          <Button onClick={() => void navigate(paths.editor.getHref(existing.id), { replace: true })}>Continue editing</Button>
          <Button
            variant="secondary"
            onClick={() => {
              setExisting(null);
              create();
            }}
          >
            Start a new copy
          </Button>
        </div>
      </section>
    );
  }
  return <Creating />;
}

function Creating() {
  return (
    <section className={styles.page} aria-busy="true">
      <title>{`Creating new design · ${env.APP_NAME}`}</title>
      <Spinner label="Creating new design" />
      <p className={styles.text}>Creating new design...</p>
    </section>
  );
}


