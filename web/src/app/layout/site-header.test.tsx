import { act, screen, waitFor, within } from '@testing-library/react';

import { authDb } from '@/testing/mocks/auth-db';
import { setViewportWidth } from '@/testing/match-media';

import { member, renderLayout } from './layout-test-utils';
import { SiteHeader } from './site-header';

const header = () => screen.getByRole('banner');
const signedIn = () => screen.findByRole('button', { name: 'Open account menu' });
const navLabels = () =>
  within(within(header()).getByRole('navigation', { name: 'Main' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('SiteHeader', () => {
  test('shows the logo, the Beta badge and the Join community link of the settings', async () => {
    renderLayout(<SiteHeader />);

    expect(within(header()).getByRole('link', { name: 'designcore Beta' })).toHaveAttribute('href', '/');
    expect(within(header()).getByText('Beta')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(header()).getByRole('link', { name: 'Join community' })).toHaveAttribute(
        'href',
        'https://chat.whatsapp.com/designcore-community',
      ),
    );
  });

  test('without a community chat in the settings, Join community is still there and opens the creators', async () => {
    authDb.siteSettings = authDb.siteSettings.filter((setting) => setting.setting_key !== 'community_url');
    renderLayout(<SiteHeader />);

    await waitFor(() =>
      expect(within(header()).getByRole('link', { name: 'Join community' })).toHaveAttribute('href', '/creators'),
    );
  });

  test('signed out: the navigation has no AI Photo Editor, and Sign In / Get Started open the auth dialog', async () => {
    const { user } = renderLayout(<SiteHeader />);

    await user.click(await within(header()).findByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('dialog', { name: 'Welcome Back' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(within(header()).getByRole('button', { name: 'Get Started' }));
    expect(await screen.findByRole('dialog', { name: 'Join creators on designcore' })).toBeInTheDocument();
    expect(navLabels()).toEqual(['Home', 'Templates', 'Logo Maker', 'My Designs']);
  });

  test('administrators also see AI Photo Editor', async () => {
    renderLayout(<SiteHeader />, { as: member({ admin: true }) });

    await waitFor(() =>
      expect(navLabels()).toEqual(['Home', 'Templates', 'Logo Maker', 'AI Photo Editor', 'My Designs']),
    );
  });

  test('a signed-in user who is not premium, with the premium model on, gets Upgrade, which opens the upgrade dialog', async () => {
    const { user } = renderLayout(<SiteHeader />, { as: member() });
    await signedIn();

    await user.click(await within(header()).findByRole('button', { name: 'Upgrade' }));

    expect(screen.getByText('Upgrade dialog is open')).toBeInTheDocument();
    expect(within(header()).queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument();
  });

  test('under 1024 px the Upgrade button says Pro', async () => {
    act(() => setViewportWidth(1023));
    renderLayout(<SiteHeader />, { as: member() });

    expect(await within(header()).findByRole('button', { name: 'Pro' })).toBeInTheDocument();
    act(() => setViewportWidth(1024));
    expect(within(header()).getByRole('button', { name: 'Upgrade' })).toBeInTheDocument();
  });

  test('an active premium user gets no Upgrade button', async () => {
    renderLayout(<SiteHeader />, { as: member({ premium: true }) });
    await signedIn();
    await screen.findByRole('button', { name: 'Open account menu' });

    await waitFor(() => expect(authDb.sessions).toHaveLength(1));
    expect(within(header()).queryByRole('button', { name: /Upgrade|Pro/ })).not.toBeInTheDocument();
  });

  test('with the premium model off nobody gets the Upgrade button', async () => {
    authDb.siteSettings = authDb.siteSettings.map((record) =>
      record.setting_key === 'premium_business_model_enabled' ? { ...record, setting_value: false } : record,
    );
    renderLayout(<SiteHeader />, { as: member() });
    await signedIn();

    await waitFor(() => expect(within(header()).getByRole('link', { name: 'Join community' })).toBeInTheDocument());
    expect(within(header()).queryByRole('button', { name: /Upgrade|Pro/ })).not.toBeInTheDocument();
  });
});
