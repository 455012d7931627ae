import { delay, http, HttpResponse } from 'msw';

import { createHomeRow, createTemplate } from '@/testing/data-generators';
import { apiPath } from '@/testing/mocks/handlers/api-path';
import { server } from '@/testing/mocks/server';
import { signInAs } from '@/testing/auth';
import { renderApp, screen, waitFor, within } from '@/testing/test-utils';

import { LayoutProviders, member } from '../layout/layout-test-utils';

import HomeRoute from './home';

const HOME_ROWS = [
  ['Church', 'church'],
  ['Birthdays', 'birthdays'],
  ['Business & Industries', 'business-and-industries'],
  ['Social Media Post', 'social-media-post'],
  ['New Month', 'new-month'],
] as const;

function rowRegion(category: string) {
  return screen.getByRole('region', { name: category });
}

describe('Home page', () => {
  test('shows the hero with its heading, tagline and search box', async () => {
    renderApp(<HomeRoute />, { wrapper: LayoutProviders });

    expect(screen.getByRole('heading', { level: 1, name: 'Design Like a Pro' })).toBeInTheDocument();
    expect(screen.getByText('Culturally relevant. Fully editable. Always professional.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Search templates' })).toHaveAttribute(
      'placeholder',
      'Browse hundreds of templates',
    );
    expect(await screen.findAllByRole('img', { name: /Design 1/ })).toHaveLength(5);
  });

  test('renders one row per API row, in order, with a View more link to the category slug', async () => {
    renderApp(<HomeRoute />, { wrapper: LayoutProviders });

    await screen.findAllByRole('img', { name: /Design 1/ });
    const latest = screen.getByRole('region', { name: 'Latest Templates' });
    const headings = within(latest).getAllByRole('heading', { level: 3 });
    expect(headings.map((heading) => heading.textContent)).toEqual(HOME_ROWS.map(([category]) => category));

    for (const [category, slug] of HOME_ROWS) {
      const row = rowRegion(category);
      expect(within(row).getByRole('link', { name: 'View more' })).toHaveAttribute('href', `/templates/${slug}`);
    }
  });

  test('shows each template as a card with its preview, name and a premium badge when premium', async () => {
    const premium = createTemplate({ id: 'prem-1', name: 'Thanksgiving Gold', category: 'Church', is_premium: true });
    const free = createTemplate({ id: 'free-1', name: 'Sunday Service Flyer', category: 'Church' });
    server.use(
      http.get(apiPath('/templates/home'), () =>
        HttpResponse.json({ rows: [{ category: 'Church', slug: 'church', templates: [premium, free] }] }),
      ),
    );
    renderApp(<HomeRoute />, { wrapper: LayoutProviders });

    const image = await screen.findByRole('img', { name: 'Thanksgiving Gold' });
    // Requested at the card's size (a 4:5 card is 168 px wide in a 210 px row), 2x in srcset.
    expect(image).toHaveAttribute(
      'src',
      `/storage/v1/render/image/public/template-previews/prem-1.png?width=168&resize=contain&format=avif&quality=60`,
    );
    expect(image.getAttribute('srcset')).toContain('prem-1.png?width=336&resize=contain&format=avif&quality=60 336w');
    expect(image).toHaveAttribute('loading', 'eager');
    const premiumCard = screen.getByRole('link', { name: 'Thanksgiving Gold Premium' });
    expect(within(premiumCard).getByText('Premium')).toBeInTheDocument();
    expect(premiumCard).toHaveAttribute('href', '/template/prem-1');

    const freeCard = screen.getByRole('link', { name: 'Sunday Service Flyer' });
    expect(within(freeCard).getByRole('img', { name: 'Sunday Service Flyer' })).toBeInTheDocument();
    expect(within(freeCard).queryByText('Premium')).not.toBeInTheDocument();
  });

  test('opens /template/{id} when a card is clicked', async () => {
    const { router, user } = renderApp(<HomeRoute />, { wrapper: LayoutProviders });

    await user.click(await screen.findByRole('link', { name: 'Birthdays Design 2' }));

    const template = screen.queryByRole('link', { name: 'Birthdays Design 2' });
    expect(template).not.toBeInTheDocument();
    expect(router.state.location.pathname).toMatch(/^\/template\/tpl-\d+$/);
  });

  test('shows 6 skeleton cards in each of the five rows while loading', async () => {
    server.use(http.get(apiPath('/templates/home'), async () => delay('infinite')));
    renderApp(<HomeRoute />, { wrapper: LayoutProviders });

    for (const [category, slug] of HOME_ROWS) {
      const row = rowRegion(category);
      const list = within(row).getByRole('list', { name: `${category} templates` });
      expect(list).toHaveAttribute('aria-busy', 'true');
      expect(within(list).getAllByTestId('template-card-skeleton')).toHaveLength(6);
      expect(within(row).getByRole('link', { name: 'View more' })).toHaveAttribute('href', `/templates/${slug}`);
    }
    expect(screen.queryByRole('img', { name: /Design/ })).not.toBeInTheDocument();
  });

  test('says so when a category has no templates', async () => {
    server.use(
      http.get(apiPath('/templates/home'), () =>
        HttpResponse.json({ rows: [createHomeRow('Church', 2), createHomeRow('New Month', 0)] }),
      ),
    );
    renderApp(<HomeRoute />, { wrapper: LayoutProviders });

    const emptyRow = await screen.findByRole('region', { name: 'New Month' });
    expect(await within(emptyRow).findByText('No templates available in this category')).toBeInTheDocument();
    expect(within(emptyRow).queryByRole('list')).not.toBeInTheDocument();
    expect(within(rowRegion('Church')).queryByText('No templates available in this category')).not.toBeInTheDocument();
  });

  test('shows an error with a retry button when the rows cannot be loaded', async () => {
    let calls = 0;
    server.use(
      http.get(apiPath('/templates/home'), () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ status: 503, code: 'unavailable', message: 'Catalogue unavailable' }, { status: 503 })
          : HttpResponse.json({ rows: [createHomeRow('Church', 1, { name: 'Back Again' })] });
      }),
    );
    const { user } = renderApp(<HomeRoute />, { wrapper: LayoutProviders });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Catalogue unavailable');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('img', { name: 'Back Again' })).toBeInTheDocument();
  });

  test('the View All Templates button goes to /templates', async () => {
    const { router, user } = renderApp(<HomeRoute />, { wrapper: LayoutProviders });

    await user.click(screen.getByRole('link', { name: 'View All Templates' }));

    expect(router.state.location.pathname).toBe('/templates');
  });

  test.each([
    [390, 300],
    [1023, 300],
    [1024, 400],
    [1440, 400],
  ])('at %ipx wide the row arrows scroll by %ipx', async (width, step) => {
    const scrollBy = jest.fn();
    Object.defineProperty(HTMLElement.prototype, 'scrollBy', { configurable: true, value: scrollBy });
    const originalWidth = window.innerWidth;
    window.innerWidth = width;
    try {
      const { user } = renderApp(<HomeRoute />, { wrapper: LayoutProviders });
      await screen.findAllByRole('img', { name: /Design 1/ });

      await user.click(screen.getByRole('button', { name: 'Scroll Church right' }));
      await user.click(screen.getByRole('button', { name: 'Scroll Church left' }));

      expect(scrollBy.mock.calls).toEqual([
        [{ left: step, behavior: 'smooth' }],
        [{ left: -step, behavior: 'smooth' }],
      ]);
    } finally {
      window.innerWidth = originalWidth;
      delete (HTMLElement.prototype as Partial<HTMLElement>).scrollBy;
    }
  });

  describe('Start with a blank page', () => {
    test('asks a signed-out visitor to sign up', async () => {
      const { user } = renderApp(<HomeRoute />, { wrapper: LayoutProviders });

      await user.click(screen.getByRole('button', { name: 'Start with a blank page' }));

      expect(await screen.findByRole('dialog', { name: 'Join creators on designcore' })).toBeInTheDocument();
    });

    test('opens /design?blank=true in a new tab when signed in', async () => {
      signInAs(member());
      const open = jest.spyOn(window, 'open').mockReturnValue(null);
      const { user } = renderApp(<HomeRoute />, { wrapper: LayoutProviders });
      await screen.findAllByRole('img', { name: /Design 1/ });

      await waitFor(async () => {
        await user.click(screen.getByRole('button', { name: 'Start with a blank page' }));
        expect(open).toHaveBeenCalledWith('/design?blank=true', '_blank', 'noopener');
      });
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      open.mockRestore();
    });
  });
  describe('Describe your design', () => {
    test('the prompt box is under the search box, and a member\'s chosen design opens in the editor', async () => {
      signInAs(member());
      const { user, router } = renderApp(<HomeRoute />, { wrapper: LayoutProviders });
      const search = screen.getByRole('textbox', { name: 'Search templates' });
      const box = screen.getByRole('textbox', { name: 'Describe your design' });
      expect(search.compareDocumentPosition(box) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

      await user.type(box, 'Birthday flyer, Saturday 14 March at Eko Hotel{Enter}');
      await user.click((await screen.findAllByRole('button', { name: /^Use this design: / }))[0] as HTMLElement);

      await waitFor(() => expect(router.state.location.pathname).toBe('/editor'));
      expect(router.state.location.search).toMatch(/^\?designId=design-\d+$/);
    });

    test('a visitor who chooses a design is asked to sign up', async () => {
      const { user } = renderApp(<HomeRoute />, { wrapper: LayoutProviders });
      await user.type(screen.getByRole('textbox', { name: 'Describe your design' }), 'Birthday flyer{Enter}');
      await user.click((await screen.findAllByRole('button', { name: /^Use this design: / }))[0] as HTMLElement);
      expect(await screen.findByRole('dialog', { name: 'Join creators on designcore' })).toBeInTheDocument();
    });
  });
});
