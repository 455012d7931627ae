import { http, HttpResponse } from 'msw';

import { createTemplate } from '@/testing/data-generators';
import { db } from '@/testing/mocks/db';
import { apiPath } from '@/testing/mocks/handlers/api-path';
import { server } from '@/testing/mocks/server';
import { renderRoutes, screen, waitFor, within } from '@/testing/test-utils';

import { routes } from '../router';
import { TestAppProviders } from '../test-app-providers';

// Whole-app renders (router, providers, lazy routes) take seconds on a busy machine.
jest.setTimeout(20_000);

const render = (url: string) => renderRoutes(routes, url, { wrapper: TestAppProviders });

/** `count` Church templates, newest first by their number. */
function churchTemplates(count: number, subCategory: string | null = null) {
  return Array.from({ length: count }, (_, index) =>
    createTemplate({
      id: `church-${index + 1}`,
      name: `Church Flyer ${index + 1}`,
      category: 'Church',
      sub_category: subCategory,
      created_at: new Date(Date.UTC(2026, 10, 1) - index * 60_000).toISOString(),
    }),
  );
}

function grid() {
  return screen.getByRole('list', { name: 'Templates' });
}

describe('template listings', () => {
  test('/templates lists every template with the category navigation', async () => {
    render('/templates');

    expect(await screen.findByRole('heading', { level: 1, name: 'All Templates' })).toBeInTheDocument();
    expect(await within(grid()).findAllByRole('link')).toHaveLength(db.templates.length);
    const nav = screen.getByRole('navigation', { name: 'Categories' });
    expect(await within(nav).findByRole('link', { name: 'Church' })).toHaveAttribute('href', '/templates/church');
    expect(within(nav).getByRole('link', { name: 'All' })).toHaveAttribute('aria-current', 'page');
  });

  test('24 per page, the page kept in ?page=, Next and Previous move through the pages', async () => {
    db.templates = churchTemplates(30);
    const { router, user } = render('/templates/church');

    expect(await screen.findByRole('heading', { level: 1, name: 'Church' })).toBeInTheDocument();
    expect(await within(grid()).findAllByRole('link')).toHaveLength(24);
    expect(screen.getByText('1–24 of 30 templates')).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Next' }));
    expect(router.state.location.pathname).toBe('/templates/church');
    expect(router.state.location.search).toBe('?page=2');
    expect(await screen.findByText('25–30 of 30 templates')).toBeInTheDocument();
    expect(within(grid()).getAllByRole('link')).toHaveLength(6);
    expect(within(grid()).getByRole('link', { name: 'Church Flyer 25' })).toHaveAttribute(
      'href',
      '/templates/church/template/church-25?page=2',
    );

    await user.click(screen.getByRole('link', { name: 'Previous' }));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByText('1–24 of 30 templates')).toBeInTheDocument();
  });

  test('a page past the end says so and links back to the first', async () => {
    db.templates = churchTemplates(3);
    render('/templates/church?page=9');

    expect(await screen.findByText('There is no page 9.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the first page' })).toHaveAttribute('href', '/templates/church');
  });

  test('sub-category navigation filters by the sub-category name', async () => {
    db.templates = [...churchTemplates(2, 'Sunday Service'), createTemplate({ name: 'Choir Night', category: 'Church', sub_category: 'Choir' })];
    const { router, user } = render('/templates/church');

    const subNav = await screen.findByRole('navigation', { name: 'Church sub-categories' });
    await user.click(within(subNav).getByRole('link', { name: 'Choir' }));

    expect(router.state.location.pathname).toBe('/templates/church/choir');
    expect(await screen.findByRole('heading', { level: 1, name: 'Choir' })).toBeInTheDocument();
    await waitFor(() => expect(within(grid()).getAllByRole('link')).toHaveLength(1));
    expect(within(grid()).getByRole('link', { name: 'Choir Night' })).toBeInTheDocument();
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'Church' })).toHaveAttribute('href', '/templates/church');
    const currentSubNav = screen.getByRole('navigation', { name: 'Church sub-categories' });
    expect(within(currentSubNav).getByRole('link', { name: 'Choir' })).toHaveAttribute('aria-current', 'page');
  });

  test('?search= shows the ranked results and records the term once, signed out with a null user id', async () => {
    const { user } = render('/templates?search=%20%20Birthdays%20Design%202%20');

    expect(await screen.findByRole('heading', { level: 1, name: 'Results for “Birthdays Design 2”' })).toBeInTheDocument();
    expect(await within(grid()).findByRole('link', { name: 'Birthdays Design 2' })).toBeInTheDocument();
    await waitFor(() =>
      expect(db.recorded.filter((call) => call.kind === 'search')).toEqual([
        { kind: 'search', search_term: 'Birthdays Design 2', user_id: null },
      ]),
    );
    expect(screen.getByRole('textbox', { name: 'Search templates' })).toHaveValue('Birthdays Design 2');

    await user.click(within(grid()).getByRole('link', { name: 'Birthdays Design 2' }));
    expect(db.recorded.filter((call) => call.kind === 'search')).toHaveLength(1);
  });

  test('a search with no match says so', async () => {
    render('/templates?search=zzzz');

    expect(await screen.findByText('No templates match “zzzz”.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse all templates' })).toHaveAttribute('href', '/templates');
  });

  test('an empty category shows the empty state', async () => {
    server.use(
      http.get(apiPath('/templates'), () =>
        HttpResponse.json({ templates: [], totalCount: 0, hasMore: false, currentPage: 1, totalPages: 0 }),
      ),
    );
    render('/templates/church');

    expect(await screen.findByText('No templates available in this category')).toBeInTheDocument();
  });

  test('a failed request shows the error with a retry that loads the page', async () => {
    let fail = true;
    server.use(
      http.get(apiPath('/templates'), () =>
        fail
          ? HttpResponse.json({ status: 503, code: 'unavailable', message: 'The catalogue is resting' }, { status: 503 })
          : undefined,
      ),
    );
    const { user } = render('/templates');

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('We couldn’t load these templates.')).toBeInTheDocument();
    expect(within(alert).getByText('The catalogue is resting')).toBeInTheDocument();

    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(grid()).findAllByRole('link')).toHaveLength(db.templates.length);
  });

  test('an unknown category slug says so', async () => {
    render('/templates/no-such-thing');

    expect(await screen.findByRole('heading', { level: 1, name: 'We couldn’t find that category.' })).toBeInTheDocument();
  });

  test('while a page loads, skeleton cards hold its place', async () => {
    render('/templates');

    expect(await screen.findAllByTestId('template-card-skeleton')).toHaveLength(12);
    await within(grid()).findAllByRole('link');
    expect(screen.queryAllByTestId('template-card-skeleton')).toHaveLength(0);
  });
});
