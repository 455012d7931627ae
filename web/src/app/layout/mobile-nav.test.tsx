import { screen, within } from '@testing-library/react';

import { member, renderLayout } from './layout-test-utils';
import { MobileNav } from './mobile-nav';

const bar = () => screen.getByRole('navigation', { name: 'Mobile' });

describe('MobileNav', () => {
  test('has Home, Logo Maker, the new-design button, Templates and My Designs, in that order', async () => {
    renderLayout(<MobileNav />);

    await screen.findByRole('button', { name: 'New design' });
    const names = Array.from(bar().querySelectorAll('a, button')).map(
      (element) => element.getAttribute('aria-label') ?? element.textContent,
    );
    expect(names).toEqual(['Home', 'Logo Maker', 'New design', 'Templates', 'My Designs']);
  });

  test('signed out, the new-design button asks the visitor to sign up', async () => {
    const { user } = renderLayout(<MobileNav />);

    await user.click(within(bar()).getByRole('button', { name: 'New design' }));

    expect(await screen.findByRole('dialog', { name: 'Join creators on designcore' })).toBeInTheDocument();
  });

  test('signed in, the new-design button opens a blank design', async () => {
    renderLayout(<MobileNav />, { as: member() });

    expect(await within(bar()).findByRole('link', { name: 'New design' })).toHaveAttribute('href', '/design?blank=true');
  });
});
