import type { ReactNode } from 'react';

import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';

import { SignInButton } from '../auth/require-sign-in';

import page from './page.module.css';

/**
 * The page an administrators' route shows anyone else: 403, what the page is for, Sign In for a
 * visitor, and the way home (the server refuses them too).
 */
export function NotAllowedPage({ title, reason, signedIn }: { title: ReactNode; reason: string; signedIn: boolean }) {
  return (
    <section className={page.page}>
      {title}
      <p className={page.code}>403</p>
      <h1 className={page.title}>You are not allowed to see this page</h1>
      <p className={page.text}>{reason}</p>
      <div className={page.actions}>
        {signedIn ? null : <SignInButton />}
        <ButtonLink to={paths.home.getHref()} variant={signedIn ? 'primary' : 'secondary'}>
          Go home
        </ButtonLink>
      </div>
    </section>
  );
}
