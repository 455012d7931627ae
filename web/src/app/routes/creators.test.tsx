import { http, HttpResponse } from 'msw';

import { db } from '@/testing/mocks/db';
import { apiPath } from '@/testing/mocks/handlers/api-path';
import { server } from '@/testing/mocks/server';
import { renderRoutes, screen, waitFor, within } from '@/testing/test-utils';

import { routes } from '../router';
import { TestAppProviders } from '../test-app-providers';

// Whole-app renders (router, providers, lazy routes) take seconds on a busy machine.
jest.setTimeout(20_000);

const render = (url: string) => renderRoutes(routes, url, { wrapper: TestAppProviders });

describe('creators', () => {
  test('/creators lists each creator with name, @username, bio and template count, linking to their page', async () => {
    render('/creators');

    expect(await screen.findByRole('heading', { level: 1, name: 'Creators' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Creators' });
    const ada = within(list).getByRole('link', { name: /Ada Obi/ });
    expect(ada).toHaveAttribute('href', '/creators/ada');
    expect(within(ada).getByText('@ada')).toBeInTheDocument();
    expect(within(ada).getByText('Church and event flyers from Lagos.')).toBeInTheDocument();
    expect(within(ada).getByText('4 templates')).toBeInTheDocument();
    expect(within(within(list).getByRole('link', { name: /Tunde Bello/ })).getByText('0 templates')).toBeInTheDocument();
  });

  test('/creators pages through ?page= with 24 per page', async () => {
    db.creators = Array.from({ length: 30 }, (_, index) => ({
      profile: { username: `c${index + 1}`, display_name: `Creator ${index + 1}`, avatar_url: null, bio: '', created_at: '2026-10-01T09:00:00Z' },
      templateIds: [],
    }));
    const { router, user } = render('/creators');

    const list = await screen.findByRole('list', { name: 'Creators' });
    expect(within(list).getAllByRole('link')).toHaveLength(24);
    await user.click(screen.getByRole('link', { name: 'Next' }));

    expect(router.state.location.search).toBe('?page=2');
    expect(await screen.findByRole('link', { name: /Creator 30/ })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Creators' })).getAllByRole('link')).toHaveLength(6);
  });

  test('a failed list shows the error', async () => {
    server.use(
      http.get(apiPath('/creators'), () =>
        HttpResponse.json({ status: 500, code: 'internal', message: 'Something broke' }, { status: 500 }),
      ),
    );
    render('/creators');

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('We couldn’t load the creators.')).toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  test('/creators/{username} shows the profile and the published templates, which open a preview on the creator page', async () => {
    const { router, user } = render('/creators/ada');

    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Obi' })).toBeInTheDocument();
    expect(screen.getByText('@ada · 4 templates')).toBeInTheDocument();
    const grid = await screen.findByRole('list', { name: 'Templates' });
    const cards = await within(grid).findAllByRole('link');
    expect(cards).toHaveLength(4);

    expect(cards[1]).toHaveAttribute('href', expect.stringMatching(/^\/creators\/ada\/template\/tpl-\d+$/));
    await user.click(cards[1] as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/creators/ada'));
    expect(router.state.location.pathname).toMatch(/^\/creators\/ada\/template\/tpl-\d+$/);
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(router.state.location.pathname).toBe('/creators/ada');
  });

  test('a creator without templates says so', async () => {
    render('/creators/tunde');

    expect(await screen.findByText('This creator has not published any templates yet.')).toBeInTheDocument();
  });

  test('an unknown username shows the not-found page', async () => {
    render('/creators/nobody');

    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });
});
