import { useNavigate } from 'react-router';

import { ButtonLink } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-field';
import { PageSpinner } from '@/components/ui/spinner';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { usePhotoEditorCapabilities } from '@/features/photo-editor/api/photo-editor';
import { PhotoEditor } from '@/features/photo-editor/components/photo-editor';
import { isAdmin } from '@/lib/profile';

import { RequireSignIn, type SignedIn } from '../auth/require-sign-in';

import styles from './page.module.css';
import layout from './tool-page.module.css';

const TITLE = 'AI Photo Editor';

/** `/ai-photo-editor`: administrators only (the server refuses everyone else with 403 too). */
export default function AiPhotoEditorRoute() {
  return (
    <RequireSignIn title={TITLE} heading={TITLE} text="Sign in with an administrator account to edit photos." waitForProfile>
      {(member) => (isAdmin(member.profile) ? <PhotoEditorPage {...member} /> : <NotAdmin />)}
    </RequireSignIn>
  );
}

function NotAdmin() {
  return (
    <section className={styles.page}>
      <title>{`Not allowed · ${env.APP_NAME}`}</title>
      <p className={styles.code}>403</p>
      <h1 className={styles.title}>Not allowed</h1>
      <p className={styles.text}>The AI Photo Editor is for administrators.</p>
      <div className={styles.actions}>
        <ButtonLink to={paths.home.getHref()}>Go home</ButtonLink>
      </div>
    </section>
  );
}

function PhotoEditorPage({ user }: SignedIn) {
  const navigate = useNavigate();
  const capabilities = usePhotoEditorCapabilities(true);
  return (
    <section className={layout.page}>
      <title>{`${TITLE} · ${env.APP_NAME}`}</title>
      <header className={layout.header}>
        <h1 className={layout.title}>{TITLE}</h1>
        <p className={layout.lead}>
          Enhance, crop, resize, rotate, fill or remove a plain background. The server does the work and keeps every
          result for your designs.
        </p>
      </header>
      {capabilities.error ? (
        <FormAlert>Could not load the photo editor: {String((capabilities.error as Error).message)}</FormAlert>
      ) : capabilities.data ? (
        <PhotoEditor
          userId={user.id}
          capabilities={capabilities.data}
          onDesignCreated={(designId) => void navigate(`${paths.editor.getHref()}?designId=${encodeURIComponent(designId)}`)}
        />
      ) : (
        <PageSpinner />
      )}
    </section>
  );
}
