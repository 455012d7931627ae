import { http, HttpResponse } from 'msw';

import { apiPath } from '@/testing/mocks/handlers/api-path';
import { server } from '@/testing/mocks/server';
import { renderApp, screen, within } from '@/testing/test-utils';

import { useCreator, useCreators } from '../api/get-creators';

import { CreatorCard, templateCountLabel } from './creator-card';

/** The creators list as a page shows it: a card per creator of the first page. */
function CreatorsList() {
  const { data, error } = useCreators(1);
  if (error) return <p role="alert">{error.message}</p>;
  if (!data) return <p>Loading</p>;
  return (
    <ul aria-label="Creators">
      {data.items.map((creator) => (
        <CreatorCard key={creator.username} creator={creator} />
      ))}
    </ul>
  );
}

function Profile({ username }: { username: string }) {
  const { data, error } = useCreator(username);
  if (error) return <p role="alert">{error.message}</p>;
  return data ? <h1>{data.display_name}</h1> : <p>Loading</p>;
}

describe('creators', () => {
  test('each creator is a link to their page with name, username, bio and template count', async () => {
    const { user, router } = renderApp(<CreatorsList />);

    const list = await screen.findByRole('list', { name: 'Creators' });
    const ada = within(list).getByRole('link', { name: /Ada Obi/ });
    expect(ada).toHaveTextContent('@ada');
    expect(ada).toHaveTextContent('Church and event flyers from Lagos.');
    expect(ada).toHaveTextContent('4 templates');
    expect(within(list).getByRole('link', { name: /Tunde Bello/ })).toHaveTextContent('0 templates');

    await user.click(ada);
    expect(router.state.location.pathname).toBe('/creators/ada');
  });

  test('asks the server for the first page of 24 creators', async () => {
    const asked: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('/creators')) asked.push(new URL(request.url).search);
    });
    renderApp(<CreatorsList />);

    await screen.findByRole('list', { name: 'Creators' });
    server.events.removeAllListeners();
    expect(asked).toEqual(['?page=1&size=24']);
  });

  test('an unknown creator shows the server’s message', async () => {
    renderApp(<Profile username="nobody" />);

    expect(await screen.findByRole('alert')).toHaveTextContent('No such creator');
  });

  test('a creator whose name is empty is shown by username', async () => {
    server.use(
      http.get(apiPath('/creators'), () =>
        HttpResponse.json({
          items: [{ username: 'kemi', display_name: '', avatar_url: null, bio: '', created_at: '2026-10-03T09:00:00Z', template_count: 1 }],
          total_count: 1,
          has_more: false,
          current_page: 1,
          total_pages: 1,
        }),
      ),
    );
    renderApp(<CreatorsList />);

    const card = await screen.findByRole('link', { name: /kemi/ });
    expect(card).toHaveTextContent('1 template');
    expect(card).not.toHaveTextContent('1 templates');
  });

  test('template counts read as people write them', () => {
    expect(templateCountLabel(1)).toBe('1 template');
    expect(templateCountLabel(0)).toBe('0 templates');
    expect(templateCountLabel(1200)).toBe('1,200 templates');
  });
});
