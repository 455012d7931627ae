import { useEffect, type ReactNode } from 'react';

import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { env } from '@/config/env';
import { useAuthDialog } from '@/features/auth/components/auth-dialog-provider';
import { useAuth } from '@/features/auth/components/auth-provider';
import type { AuthUser } from '@/lib/auth/auth-types';
import type { Profile } from '@/types/api';

import page from '../routes/page.module.css';

/** The signed-in member a guarded page is drawn for. */
export type SignedIn = { user: AuthUser; profile: Profile | null };

/** The Sign In button of every page that asks a visitor to sign in: opens the auth dialog. */
export function SignInButton() {
  const authDialog = useAuthDialog();
  return <Button onClick={() => authDialog.open('signin')}>Sign In</Button>;
}

type RequireSignInProps = {
  /** The browser title of the page (the app's name is added), also while a visitor is asked to sign in. */
  title: string;
  /** The prompt's heading for a visitor. */
  heading: string;
  /** The prompt's sentence under the heading, if any. */
  text?: string;
  /** Open the sign-in dialog as soon as a visitor lands here (pages reached from an action). */
  openDialog?: boolean;
  /** Wait for the member's profile too (the page decides by plan or role). */
  waitForProfile?: boolean;
  /** Shown while the session (and the profile) loads; a page spinner by default. */
  pending?: ReactNode;
  /** More actions on the prompt, after Sign In. */
  actions?: ReactNode;
  /** The page, for the signed-in member. */
  children: (member: SignedIn) => ReactNode;
};

/**
 * The one "sign in required" rule of the app's pages: while the session loads, `pending`; a
 * visitor gets the page's heading and a Sign In button (and, with `openDialog`, the sign-in
 * dialog at once); a signed-in member gets the page. The server refuses a visitor's requests
 * anyway: this only decides what the page shows.
 */
export function RequireSignIn({
  title,
  heading,
  text,
  openDialog = false,
  waitForProfile = false,
  pending = <PageSpinner />,
  actions,
  children,
}: RequireSignInProps) {
  const { user, profile, loading } = useAuth();
  const authDialog = useAuthDialog();
  const visitor = !loading && user === null;

  useEffect(() => {
    if (openDialog && visitor) authDialog.open('signin');
  }, [openDialog, visitor, authDialog]);

  if (loading || (waitForProfile && user !== null && profile === null)) return <>{pending}</>;
  if (user === null) {
    return (
      <section className={page.page}>
        <title>{`${title} · ${env.APP_NAME}`}</title>
        <h1 className={page.title}>{heading}</h1>
        {text ? <p className={page.text}>{text}</p> : null}
        <div className={page.actions}>
          <SignInButton />
          {actions}
        </div>
      </section>
    );
  }
  return <>{children({ user, profile })}</>;
}
