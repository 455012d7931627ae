import { act, screen, waitFor, within } from '@testing-library/react';

import { authDb } from '@/testing/mocks/auth-db';
import { setViewportWidth } from '@/testing/match-media';

import { AvatarMenu } from './avatar-menu';
import { member, renderLayout } from './layout-test-utils';

async function openMenu(...args: Parameters<typeof renderLayout>) {
  const rendered = renderLayout(...args);
  const trigger = await screen.findByRole('button', { name: 'Open account menu' });
  await waitFor(() => expect(screen.queryByText('A')).toBeInTheDocument());
  await rendered.user.click(trigger);
  return { ...rendered, menu: screen.getByRole('menu', { name: 'Account' }) };
}

const itemNames = () => screen.getAllByRole('menuitem').map((item) => item.textContent);

describe('AvatarMenu', () => {
  test('shows the initial, full name, e-mail and plan label of a regular user', async () => {
    await openMenu(<AvatarMenu />, { as: member() });

    expect(await screen.findByText('Regular User')).toBeInTheDocument();
    expect(screen.getByText('Ada Obi')).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(screen.getAllByText('A').length).toBeGreaterThan(0);
  });

  test('an active premium user is a Premium User', async () => {
    await openMenu(<AvatarMenu />, { as: member({ premium: true }) });

    expect(await screen.findByText('Premium User')).toBeInTheDocument();
  });

  test('on desktop: Account, Report a Problem, Sign Out (no Join community, no Site Settings)', async () => {
    await openMenu(<AvatarMenu />, { as: member() });

    await screen.findByText('Regular User');
    expect(itemNames()).toEqual(['Account', 'Report a Problem', 'Sign Out']);
  });

  test('on mobile it adds Join community; for an administrator, Site Settings', async () => {
    act(() => setViewportWidth(375));
    await openMenu(<AvatarMenu />, { as: member({ admin: true }) });

    await waitFor(() => expect(itemNames()).toEqual(['Account', 'Join community', 'Site Settings', 'Report a Problem', 'Sign Out']));
    expect(screen.getByRole('menuitem', { name: 'Join community' })).toHaveAttribute(
      'href',
      'https://chat.whatsapp.com/designcore-community',
    );
  });

  test('on mobile without a community chat in the settings, Join community opens the creators', async () => {
    authDb.siteSettings = authDb.siteSettings.filter((setting) => setting.setting_key !== 'community_url');
    act(() => setViewportWidth(375));
    await openMenu(<AvatarMenu />, { as: member() });

    await waitFor(() =>
      expect(screen.getByRole('menuitem', { name: 'Join community' })).toHaveAttribute('href', '/creators'),
    );
  });

  test('Account and Site Settings go to their pages', async () => {
    const { user, router } = await openMenu(<AvatarMenu />, { as: member({ admin: true }) });

    await user.click(await screen.findByRole('menuitem', { name: 'Site Settings' }));
    expect(router.state.location.pathname).toBe('/site-settings');
    await user.click(screen.getByRole('button', { name: 'Open account menu' }));
    await user.click(screen.getByRole('menuitem', { name: 'Account' }));
    expect(router.state.location.pathname).toBe('/account');
  });

  test('Report a Problem opens the report dialog', async () => {
    const { user, menu } = await openMenu(<AvatarMenu />, { as: member() });

    await user.click(within(menu).getByRole('menuitem', { name: 'Report a Problem' }));

    expect(screen.getByText('Report dialog is open')).toBeInTheDocument();
  });

  test('Sign Out signs the user out', async () => {
    const { user, menu } = await openMenu(<AvatarMenu />, { as: member() });

    await user.click(within(menu).getByRole('menuitem', { name: 'Sign Out' }));

    await waitFor(() => expect(screen.queryByRole('button', { name: 'Open account menu' })).not.toBeInTheDocument());
    expect(authDb.sessions).toEqual([]);
  });
});
