import { useNavigate } from 'react-router';

import { Button, ButtonLink } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-field';
import { PageSpinner } from '@/components/ui/spinner';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { useAuthDialog } from '@/features/auth/components/auth-dialog-provider';
import { useAuth } from '@/features/auth/components/auth-provider';
import { usePhotoEditorCapabilities } from '@/features/photo-editor/api/photo-editor';
import { PhotoEditor } from '@/features/photo-editor/components/photo-editor';
import { isAdmin } from '@/lib/profile';

import styles from './page.module.css';
import layout from './tool-page.module.css';

const TITLE = 'AI Photo Editor';

/** `/ai-photo-editor`: administrators only (the server refuses everyone else with 403 too). */
export default function AiPhotoEditorRoute() {
  const navigate = useNavigate();
  const { user, profile, loading } = useAuth();
  const authDialog = useAuthDialog();
  const admin = isAdmin(profile);
  const capabilities = usePhotoEditorCapabilities(user !== null && admin);

  if (loading || (user !== null && profile === null)) return <PageSpinner />;

  if (user === null) {
    return (
      <section className={styles.page}>
        <title>{`${TITLE} · ${env.APP_NAME}`}</title>
        <h1 className={styles.title}>{TITLE}</h1>
        <p className={styles.text}>Sign in with an administrator account to edit photos.</p>
        <div className={styles.actions}>
          <Button onClick={() => authDialog.open('signin')}>Sign In</Button>
        </div>
      </section>
    );
  }

  if (!admin) {
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
