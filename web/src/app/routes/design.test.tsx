import { http, HttpResponse } from 'msw';

import { signInAs } from '@/testing/auth';
import { createMockUser } from '@/testing/data-generators';
import { apiPath } from '@/testing/mocks/handlers/api-path';
import { server } from '@/testing/mocks/server';
import { renderRoutes, screen, waitFor } from '@/testing/test-utils';

import { routes } from '../router';
import { TestAppProviders } from '../test-app-providers';

const render = (url: string) => renderRoutes(routes, url, { wrapper: TestAppProviders });

function designBody(id: string) {
  return {
    id,
    name: 'Untitled design',
    document: { width: 1080, height: 1080, schemaVersion: 4, pages: [{ id: 'p1', background: 'white', children: [] }] },
    version: 1,
    source_template_id: null,
    width: 1080,
    height: 1080,
    preview_url: null,
    scheduled_for: null,
    created_at: '2026-11-23T10:00:00Z',
    updated_at: '2026-11-23T10:00:00Z',
  };
}

/** The member has no design from the template yet (`GET /designs?template_id=`). */
function earlierDesigns(items: Array<{ id: string; name: string; updated_at: string }> = []) {
  const asked: string[] = [];
  server.use(
    http.get(apiPath('/designs'), ({ request }) => {
      const url = new URL(request.url);
      asked.push(`${url.searchParams.get('template_id')}:${url.searchParams.get('size')}`);
      return HttpResponse.json({ items, total_count: items.length, has_more: false, current_page: 1, total_pages: 1 });
    }),
  );
  return asked;
}

describe('/design', () => {
  test('signed out: asks to sign in and opens the sign-in dialog, creating nothing', async () => {
    const created = jest.fn();
    server.use(http.post(apiPath('/designs'), () => created()));
    render('/design?blank=true');

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to design' })).toBeInTheDocument();
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    expect(created).not.toHaveBeenCalled();
  });

  test('blank=true: shows "Creating new design..." then replaces the URL with the editor of the new design', async () => {
    signInAs(createMockUser());
    let body: unknown = null;
    server.use(
      http.post(apiPath('/designs'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(designBody('d-42'), { status: 201 });
      }),
      http.get(apiPath('/designs/d-42'), () => HttpResponse.json({ status: 404, code: 'design_not_found', message: 'no' }, { status: 404 })),
    );
    const { router } = render('/design?blank=true');

    // Found (findByText fails otherwise); the page drawn while the session loads gives way to the
    // same page drawn for the member, so the node found may already be replaced.
    await screen.findByText('Creating new design...');
    await waitFor(() => expect(router.state.location.pathname).toBe('/editor'), { timeout: 10_000 });
    expect(router.state.location.search).toBe('?designId=d-42');
    expect(body).toEqual({ blank: { width: 1080, height: 1080 } });
    // The editor route loads (Konva's first compile under Jest is slow) and asks for the design.
    expect(await screen.findByRole('heading', { level: 1, name: 'We could not open this design' }, { timeout: 30_000 })).toBeInTheDocument();
  }, 60_000);

  test('templateId: a premium template for a free user opens the upgrade dialog and shows the server’s reason', async () => {
    signInAs(createMockUser());
    earlierDesigns();
    let body: unknown = null;
    server.use(
      http.post(apiPath('/designs'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(
          { status: 402, code: 'upgrade_required', message: 'upgrade to premium to customise this template' },
          { status: 402 },
        );
      }),
    );
    render('/design?templateId=tpl-9');

    expect(await screen.findByRole('heading', { level: 1, name: 'This is a premium template' })).toBeInTheDocument();
    expect(screen.getByText('Upgrade to premium to customise this template.')).toBeInTheDocument();
    expect(body).toEqual({ template_id: 'tpl-9' });
  });

  test('a template without a document says it cannot be opened (and logs it)', async () => {
    signInAs(createMockUser());
    earlierDesigns();
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      http.post(apiPath('/designs'), () =>
        HttpResponse.json(
          {
            status: 409,
            code: 'template_has_no_document',
            message: 'this template cannot be opened in the editor: it has no design document',
          },
          { status: 409 },
        ),
      ),
    );
    render('/design?templateId=tpl-empty');

    expect(await screen.findByRole('heading', { level: 1, name: 'This template cannot be opened' })).toBeInTheDocument();
    expect(screen.getByText('This template cannot be opened in the editor: it has no design document.')).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('A template without polotno_json was opened in the editor', 'tpl-empty');
  });

  test('a free account out of designs sees the server’s reason under the upgrade dialog, not a stuck “Creating new design...”', async () => {
    signInAs(createMockUser());
    earlierDesigns();
    const reason =
      'free accounts keep 5 designs; each further design costs 1 credit and you have 0. Delete a design, earn credits by inviting friends, or upgrade to premium';
    server.use(
      http.post(apiPath('/designs'), () =>
        HttpResponse.json({ status: 402, code: 'insufficient_credits', message: reason }, { status: 402 }),
      ),
    );
    render('/design?templateId=tpl-6');

    expect(await screen.findByRole('heading', { level: 1, name: 'No credits left for a new design' })).toBeInTheDocument();
    expect(screen.getByText(/^Free accounts keep 5 designs; each further design costs 1 credit and you have 0\./)).toBeInTheDocument();
    expect(screen.queryByText('Creating new design...')).not.toBeInTheDocument();
  });

  test('a template customised before offers the latest design from it: Continue editing opens it, creating nothing', async () => {
    signInAs(createMockUser());
    const asked = earlierDesigns([{ id: 'd-7', name: 'Harvest flyer', updated_at: '2026-11-20T09:00:00Z' }]);
    const created = jest.fn();
    server.use(http.post(apiPath('/designs'), () => created()));
    const { router, user } = render('/design?templateId=tpl-3');

    expect(await screen.findByRole('heading', { level: 1, name: 'Continue your design?' })).toBeInTheDocument();
    expect(screen.getByText(/You made “Harvest flyer” from this template/)).toBeInTheDocument();
    expect(asked).toEqual(['tpl-3:1']);
    await user.click(screen.getByRole('button', { name: 'Continue editing' }));

    await waitFor(() => expect(router.state.location.search).toBe('?designId=d-7'));
    expect(router.state.location.pathname).toBe('/editor');
    expect(created).not.toHaveBeenCalled();
  });

  test('Start a new copy creates a new design from the template', async () => {
    signInAs(createMockUser());
    earlierDesigns([{ id: 'd-7', name: 'Harvest flyer', updated_at: '2026-11-20T09:00:00Z' }]);
    const bodies: unknown[] = [];
    server.use(
      http.post(apiPath('/designs'), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ status: 402, code: 'insufficient_credits', message: 'free accounts keep 5 designs' }, { status: 402 });
      }),
    );
    const { user } = render('/design?templateId=tpl-3');

    await user.click(await screen.findByRole('button', { name: 'Start a new copy' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'No credits left for a new design' })).toBeInTheDocument();
    expect(bodies).toEqual([{ template_id: 'tpl-3' }]);
  });

  test('new=true goes straight to a new copy without looking for an earlier design', async () => {
    signInAs(createMockUser());
    const asked = earlierDesigns([{ id: 'd-7', name: 'Harvest flyer', updated_at: '2026-11-20T09:00:00Z' }]);
    const bodies: unknown[] = [];
    server.use(
      http.post(apiPath('/designs'), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ status: 403, code: 'upgrade_required', message: 'Premium template' }, { status: 403 });
      }),
    );
    render('/design?templateId=tpl-3&new=true');

    expect(await screen.findByRole('heading', { level: 1, name: 'This is a premium template' })).toBeInTheDocument();
    expect(bodies).toEqual([{ template_id: 'tpl-3' }]);
    expect(asked).toEqual([]);
  });
});
