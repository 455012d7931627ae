import type { Profile } from '@/types/api';
import { screen } from '@/testing/test-utils';

import { member, renderLayout } from '../layout/layout-test-utils';

import { RequireSignIn } from './require-sign-in';

/** A guarded page that shows who it was drawn for, and remembers each profile it was given. */
function guarded(options: { openDialog?: boolean; waitForProfile?: boolean } = {}) {
  const profiles: (Profile | null)[] = [];
  const ui = (
    <RequireSignIn
      title="Secret"
      heading="Sign in to see the secret"
      text="Only members see it."
      actions={<a href="/templates">Browse templates</a>}
      {...options}
    >
      {({ user, profile }) => {
        profiles.push(profile);
        return <h1>{`The secret of ${user.email ?? ''}`}</h1>;
      }}
    </RequireSignIn>
  );
  return { ui, profiles };
}

describe('RequireSignIn', () => {
  test('a visitor gets the sign-in prompt, not the page, and Sign In opens the sign-in dialog', async () => {
    const { ui } = guarded();
    const { user } = renderLayout(ui);

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to see the secret' })).toBeInTheDocument();
    expect(screen.getByText('Only members see it.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse templates' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /The secret of/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('dialog', { name: 'Welcome Back' })).toBeInTheDocument();
  });

  test('with openDialog, a visitor gets the sign-in dialog at once', async () => {
    const { ui } = guarded({ openDialog: true });
    renderLayout(ui);

    expect(await screen.findByRole('dialog', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in to see the secret', hidden: true })).toBeInTheDocument();
  });

  test('a signed-in member gets the page, drawn for them, and no prompt', async () => {
    const { ui } = guarded({ openDialog: true });
    renderLayout(ui, { as: member({ email: 'ada@example.com' }) });

    expect(await screen.findByRole('heading', { level: 1, name: 'The secret of ada@example.com' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Sign in to see the secret' })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('with waitForProfile, the page is drawn only once the member’s profile is there', async () => {
    const { ui, profiles } = guarded({ waitForProfile: true });
    renderLayout(ui, { as: member({ email: 'ada@example.com' }) });

    expect(await screen.findByRole('heading', { level: 1, name: 'The secret of ada@example.com' })).toBeInTheDocument();
    expect(profiles.map((profile) => profile?.email ?? null)).toEqual(profiles.map(() => 'ada@example.com'));
  });
});
