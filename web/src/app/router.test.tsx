import { renderRoutes, screen, within } from '@/testing/test-utils';

import { routes } from './router';
import { TestAppProviders } from './test-app-providers';

const render = (url: string) => renderRoutes(routes, url, { wrapper: TestAppProviders });

describe('router', () => {
  test('renders the home page at /', async () => {
    render('/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Design Like a Pro' })).toBeInTheDocument();
    const header = screen.getByRole('banner');
    expect(within(header).getByText('designcore')).toBeInTheDocument();
    expect(within(header).getByText('Beta')).toBeInTheDocument();
    const nav = within(header).getByRole('navigation', { name: 'Main' });
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Home',
      'Templates',
      'Logo Maker',
      'My Designs',
    ]);
    expect(within(header).getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(within(header).getByRole('button', { name: 'Get Started' })).toBeInTheDocument();
  });

  test('renders Home for /template/{id}', async () => {
    render('/template/tpl-0001');

    expect(await screen.findByRole('heading', { level: 1, name: 'Design Like a Pro' })).toBeInTheDocument();
  });

  test('shows the search term on /templates?search=', async () => {
    render('/templates?search=new%20month');

    expect(await screen.findByRole('heading', { level: 1, name: 'Results for “new month”' })).toBeInTheDocument();
  });

  test('names the category on /templates/{slug}', async () => {
    render('/templates/business-and-industries');

    expect(await screen.findByRole('heading', { level: 1, name: 'Business & Industries' })).toBeInTheDocument();
  });

  test.each([
    ['/logo-maker', 'Logo Maker'],
  ])('renders the page at %s titled %s', async (url, title) => {
    render(url);

    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  });

  test.each([
    ['/account', 'Sign in to see your account'],
    ['/premium-success', 'Sign in to see your plan'],
  ])('serves the member page at %s (signed out: %s)', async (url, heading) => {
    render(url);

    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  test('serves My Designs at /my-designs (signed out: a sign-in prompt)', async () => {
    render('/my-designs');

    expect(await screen.findByRole('heading', { level: 1, name: 'My Designs' })).toBeInTheDocument();
    expect(screen.getByText('Sign in to see your designs and plan them on the calendar.')).toBeInTheDocument();
  });

  test('serves the reset-password landing at /auth/reset-password', async () => {
    render('/auth/reset-password');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'This reset link is invalid or has expired' }),
    ).toBeInTheDocument();
  });

  test('captures a ?ref= code on any page as pending_referral_code', async () => {
    render('/templates/church?ref=FRIEND7');

    await screen.findByRole('heading', { level: 1, name: 'Church' });
    expect(localStorage.getItem('pending_referral_code')).toBe('FRIEND7');
  });

  test.each(['/nope', '/templates/church/sunday/extra/deep', '/creators/ada/unknown'])(
    'renders the not-found page for %s',
    async (url) => {
      render(url);

      expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Go home' })).toHaveAttribute('href', '/');
    },
  );
});
