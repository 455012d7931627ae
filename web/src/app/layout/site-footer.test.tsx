import { screen, within } from '@testing-library/react';

import { authDb } from '@/testing/mocks/auth-db';

import { renderLayout } from './layout-test-utils';
import { SiteFooter } from './site-footer';

describe('SiteFooter', () => {
  test('links the footer_links of the site settings and shows the copyright line', async () => {
    renderLayout(<SiteFooter />);

    const social = await screen.findByRole('navigation', { name: 'Social' });
    expect(
      within(social)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Instagram', 'https://www.instagram.com/designcore.ng'],
      ['X', 'https://x.com/designcore_ng'],
    ]);
    expect(screen.getByRole('contentinfo')).toHaveTextContent(`© ${new Date().getFullYear()} designcore.`);
  });

  test('without footer links it shows no social navigation', async () => {
    authDb.siteSettings = authDb.siteSettings.filter((record) => record.setting_key !== 'footer_links');
    renderLayout(<SiteFooter />);

    expect(await screen.findByRole('contentinfo')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Social' })).not.toBeInTheDocument();
  });
});
