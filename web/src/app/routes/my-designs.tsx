import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { useAuthDialog } from '@/features/auth/components/auth-dialog-provider';
import { useAuth } from '@/features/auth/components/auth-provider';
import { MyDesigns } from '@/features/my-designs/components/my-designs';

import styles from './page.module.css';
import layout from './tool-page.module.css';

const TITLE = 'My Designs';

/** `/my-designs`: the signed-in user's designs and their calendar; signed out, a sign-in prompt. */
export default function MyDesignsRoute() {
  const { user, profile, loading } = useAuth();
  const authDialog = useAuthDialog();

  if (loading || (user !== null && profile === null)) return <PageSpinner />;

  if (user === null) {
    return (
      <section className={styles.page}>
        <title>{`${TITLE} · ${env.APP_NAME}`}</title>
        <h1 className={styles.title}>{TITLE}</h1>
        <p className={styles.text}>Sign in to see your designs and plan them on the calendar.</p>
        <div className={styles.actions}>
          <Button onClick={() => authDialog.open('signin')}>Sign In</Button>
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
          Everything you have saved, newest edit first. Give a design a day — the Sunday a flyer is for, the day a post
          goes out — by dragging it onto the calendar.
        </p>
      </header>
      <MyDesigns
        key={user.id}
        timeZone={profile?.time_zone ?? 'Africa/Lagos'}
        openHref={(id) => paths.editor.getHref(id)}
        searchHref={(term) => paths.templates.getHref(term)}
        newDesignHref={paths.templates.getHref()}
      />
    </section>
  );
}
