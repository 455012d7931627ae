import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { MyDesigns } from '@/features/my-designs/components/my-designs';

import { RequireSignIn, type SignedIn } from '../auth/require-sign-in';

import layout from './tool-page.module.css';

const TITLE = 'My Designs';

/** `/my-designs`: the signed-in user's designs and their calendar; signed out, a sign-in prompt. */
export default function MyDesignsRoute() {
  return (
    <RequireSignIn title={TITLE} heading={TITLE} text="Sign in to see your designs and plan them on the calendar." waitForProfile>
      {(member) => <MyDesignsPage {...member} />}
    </RequireSignIn>
  );
}

function MyDesignsPage({ user, profile }: SignedIn) {
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
