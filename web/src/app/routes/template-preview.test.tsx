import { http, HttpResponse } from 'msw';

import { signInAs } from '@/testing/auth';
import { createTemplate } from '@/testing/data-generators';
import { authDb } from '@/testing/mocks/auth-db';
import { db } from '@/testing/mocks/db';
import { apiPath } from '@/testing/mocks/handlers/api-path';
import { server } from '@/testing/mocks/server';
import { setViewportWidth } from '@/testing/match-media';
import { act, renderRoutes, screen, waitFor, within } from '@/testing/test-utils';

import { member } from '../layout/layout-test-utils';
import { routes } from '../router';
import { TestAppProviders } from '../test-app-providers';

// Whole-app renders (router, providers, lazy routes) take seconds on a busy machine.
jest.setTimeout(20_000);

const render = (url: string) => renderRoutes(routes, url, { wrapper: TestAppProviders });

const free = () =>
  createTemplate({ id: 'free-1', name: 'Sunday Service Flyer', category: 'Church', sub_category: 'Sunday Service' });
const premium = () =>
  createTemplate({
    id: 'prem-1',
    name: 'Thanksgiving Gold',
    category: 'Church',
    sub_category: 'Sunday Service',
    is_premium: true,
    template_type: 'Premium',
  });

function setPremiumModel(on: boolean) {
  const record = authDb.siteSettings.find((s) => s.setting_key === 'premium_business_model_enabled');
  if (record) record.setting_value = on;
}

async function openPreview(url: string) {
  const rendered = render(url);
  const dialog = await screen.findByRole('dialog', { name: /Sunday Service Flyer|Thanksgiving Gold/ });
  return { ...rendered, dialog };
}

describe('template preview dialog', () => {
  beforeEach(() => {
    const related = Array.from({ length: 20 }, (_, index) =>
      createTemplate({ id: `rel-${index + 1}`, name: `Related ${index + 1}`, category: 'Church', sub_category: 'Sunday Service' }),
    );
    db.templates = [free(), premium(), ...related];
  });

  test('is a labelled dialog with the large image, name, category badge and Customize Template; opening records a view', async () => {
    const { dialog } = await openPreview('/templates/church/template/free-1');

    expect(dialog).toHaveAttribute('aria-modal', 'true');
    const image = within(dialog).getByRole('img', { name: 'Sunday Service Flyer' });
    expect(image.getAttribute('src')).toContain('/free-1.png?width=800&resize=contain&format=avif');
    expect(image.getAttribute('srcset')).toContain('width=1200&resize=contain&format=avif 1200w');
    expect(within(dialog).getByText('Church')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Customize Template' })).toBeInTheDocument();
    await waitFor(() => expect(db.recorded).toContainEqual({ kind: 'view', template_id: 'free-1' }));
  });

  test('shows 16 related templates under "You might also like", each opening its own preview in the same listing', async () => {
    const { dialog, router, user } = await openPreview('/templates/church/template/free-1?page=2');

    const related = await within(dialog).findByRole('list', { name: 'You might also like' });
    expect(within(dialog).getByRole('heading', { name: 'You might also like' })).toBeInTheDocument();
    const links = within(related).getAllByRole('link');
    expect(links).toHaveLength(16);
    expect(within(related).queryByRole('link', { name: 'Sunday Service Flyer' })).not.toBeInTheDocument();

    await user.click(within(related).getByRole('link', { name: 'Related 3' }));
    expect(router.state.location.pathname).toBe('/templates/church/template/rel-3');
    expect(router.state.location.search).toBe('?page=2');
    expect(await screen.findByRole('dialog', { name: 'Related 3' })).toBeInTheDocument();
    await waitFor(() => expect(db.recorded).toContainEqual({ kind: 'view', template_id: 'rel-3' }));
  });

  test('on a small screen (375 px) there is no "You might also like", and it is not fetched', async () => {
    const requested: string[] = [];
    const listener = ({ request }: { request: Request }) => requested.push(new URL(request.url).pathname);
    server.events.on('request:start', listener);
    act(() => setViewportWidth(375));
    try {
      const { dialog } = await openPreview('/template/free-1');
      await waitFor(() => expect(db.recorded).toContainEqual({ kind: 'view', template_id: 'free-1' }));
      expect(within(dialog).getByRole('button', { name: 'Customize Template' })).toBeInTheDocument();

      expect(requested.some((path) => path.endsWith('/related'))).toBe(false);
      expect(within(dialog).queryByRole('heading', { name: 'You might also like' })).not.toBeInTheDocument();
    } finally {
      server.events.removeListener('request:start', listener);
    }
  });

  test('the close button returns to the listing it came from, with its page', async () => {
    const { dialog, router, user } = await openPreview('/templates/church/template/free-1?page=2');

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    expect(router.state.location.pathname).toBe('/templates/church');
    expect(router.state.location.search).toBe('?page=2');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('Escape closes it; on Home it returns to /', async () => {
    const { router, user } = await openPreview('/template/free-1');

    await user.keyboard('{Escape}');

    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('keeps focus inside while open', async () => {
    const { dialog, user } = await openPreview('/template/free-1');
    await within(dialog).findByRole('list', { name: 'You might also like' });

    for (let step = 0; step < 25; step += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
  });

  test('an unknown template says it could not be found', async () => {
    render('/templates/template/nope');

    const dialog = await screen.findByRole('dialog', { name: 'Template not found' });
    expect(within(dialog).getByText('This template could not be found.')).toBeInTheDocument();
  });

  describe('Customize Template', () => {
    test('signed out, it opens the auth dialog to sign up', async () => {
      const { dialog, user } = await openPreview('/template/free-1');

      await user.click(within(dialog).getByRole('button', { name: 'Customize Template' }));

      expect(await screen.findByRole('dialog', { name: 'Join creators on designcore' })).toBeInTheDocument();
      expect(db.recorded.filter((call) => call.kind === 'use')).toEqual([]);
    });

    test('signing up from Customize goes on to the design of the same template', async () => {
      const { dialog, router, user } = await openPreview('/template/free-1');

      await user.click(within(dialog).getByRole('button', { name: 'Customize Template' }));
      const signUp = await screen.findByRole('dialog', { name: 'Join creators on designcore' });
      await user.type(within(signUp).getByLabelText('First name'), 'Ngozi');
      await user.type(within(signUp).getByLabelText('Last name'), 'Eze');
      await user.type(within(signUp).getByLabelText('Email'), 'ngozi@example.com');
      await user.type(within(signUp).getByLabelText('Password'), 'secret-12');
      await user.click(within(signUp).getByRole('button', { name: 'Create Account' }));

      // Signing up, then asking the server: a few requests on a busy machine.
      await waitFor(() => expect(router.state.location.pathname).toBe('/design'), { timeout: 5_000 });
      expect(router.state.location.search).toBe('?templateId=free-1');
      await waitFor(() => expect(db.recorded).toContainEqual({ kind: 'use', template_id: 'free-1' }));
    });

    test('signing up from Customize on a premium template goes on to the upgrade dialog', async () => {
      const { dialog, router, user } = await openPreview('/template/prem-1');

      await user.click(within(dialog).getByRole('button', { name: 'Customize Template' }));
      const signUp = await screen.findByRole('dialog', { name: 'Join creators on designcore' });
      await user.type(within(signUp).getByLabelText('First name'), 'Ngozi');
      await user.type(within(signUp).getByLabelText('Last name'), 'Eze');
      await user.type(within(signUp).getByLabelText('Email'), 'ngozi2@example.com');
      await user.type(within(signUp).getByLabelText('Password'), 'secret-12');
      await user.click(within(signUp).getByRole('button', { name: 'Create Account' }));

      expect(await screen.findByRole('dialog', { name: 'Upgrade to designcore Pro' }, { timeout: 5_000 })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/template/prem-1');
    });

    test('closing the sign-up dialog forgets the template: a later sign-in opens nothing by itself', async () => {
      const { dialog, router, user } = await openPreview('/template/free-1');

      await user.click(within(dialog).getByRole('button', { name: 'Customize Template' }));
      await screen.findByRole('dialog', { name: 'Join creators on designcore' });
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Join creators on designcore' })).not.toBeInTheDocument());
      const visitor = member();
      authDb.users.push(visitor);
      await user.click(screen.getByRole('button', { name: 'Sign In', hidden: true }));
      const signIn = await screen.findByRole('dialog', { name: 'Welcome Back' });
      await user.type(within(signIn).getByLabelText('Email'), visitor.email);
      await user.type(within(signIn).getByLabelText('Password', { exact: true }), visitor.password);
      await user.click(within(signIn).getByRole('button', { name: 'Sign In' }));
      await waitFor(() => expect(screen.getByRole('button', { name: 'Open account menu', hidden: true })).toBeInTheDocument());

      expect(router.state.location.pathname).not.toBe('/design');
    });

    test('a premium template carries the crown while the premium model is on, and a regular user is asked to upgrade', async () => {
      signInAs(member());
      const { dialog, router, user } = await openPreview('/template/prem-1');
      // Named exactly as the spec has it; the crown's meaning is the description.
      const button = within(dialog).getByRole('button', { name: 'Customize Template' });
      expect(button).toHaveAccessibleDescription('Premium template');
      expect(button.querySelector('svg')).not.toBeNull();

      await waitFor(() => expect(button).toBeEnabled());
      await user.click(button);

      expect(await screen.findByRole('dialog', { name: 'Upgrade to designcore Pro' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/template/prem-1');
      expect(db.recorded.filter((call) => call.kind === 'use')).toEqual([]);
    });

    test('with the premium model off, a premium template has no crown and opens for a regular user', async () => {
      setPremiumModel(false);
      signInAs(member());
      const { dialog, router, user } = await openPreview('/template/prem-1');
      const button = within(dialog).getByRole('button', { name: 'Customize Template' });
      expect(button).not.toHaveAccessibleDescription('Premium template');
      expect(button.querySelector('svg')).toBeNull();

      await waitFor(() => expect(screen.getByRole('button', { name: 'Open account menu', hidden: true })).toBeInTheDocument());
      await user.click(button);

      await waitFor(() => expect(router.state.location.pathname).toBe('/design'));
      expect(router.state.location.search).toBe('?templateId=prem-1');
      await waitFor(() => expect(db.recorded).toContainEqual({ kind: 'use', template_id: 'prem-1' }));
    });

    test('an active premium user opens a premium template: the use is recorded and /design?templateId= opens', async () => {
      signInAs(member({ premium: true }));
      const { dialog, router, user } = await openPreview('/template/prem-1');

      const button = within(dialog).getByRole('button', { name: /Customize Template/ });
      await waitFor(() => expect(button).toBeEnabled());
      await user.click(button);

      await waitFor(() => expect(router.state.location.pathname).toBe('/design'));
      expect(router.state.location.search).toBe('?templateId=prem-1');
      await waitFor(() => expect(db.recorded).toContainEqual({ kind: 'use', template_id: 'prem-1' }));
    });

    test('the server decides, not the app: a free template the server refuses for the plan opens the upgrade dialog', async () => {
      signInAs(member());
      server.use(
        http.get(apiPath('/templates/free-1/customisable'), () =>
          HttpResponse.json({ status: 402, code: 'upgrade_required', message: 'upgrade to premium to customise this template' }, { status: 402 }),
        ),
      );
      const { dialog, router, user } = await openPreview('/template/free-1');
      await waitFor(() => expect(screen.getByRole('button', { name: 'Open account menu', hidden: true })).toBeInTheDocument());

      await user.click(within(dialog).getByRole('button', { name: 'Customize Template' }));

      expect(await screen.findByRole('dialog', { name: 'Upgrade to designcore Pro' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/template/free-1');
      expect(db.recorded.filter((call) => call.kind === 'use')).toEqual([]);
    });

    test('the server decides, not the app: a premium template the server allows opens for a regular user', async () => {
      signInAs(member());
      server.use(
        http.get(apiPath('/templates/prem-1/customisable'), () => new HttpResponse(null, { status: 204 })),
      );
      const { dialog, router, user } = await openPreview('/template/prem-1');
      await waitFor(() => expect(screen.getByRole('button', { name: 'Open account menu', hidden: true })).toBeInTheDocument());

      await user.click(within(dialog).getByRole('button', { name: 'Customize Template' }));

      await waitFor(() => expect(router.state.location.pathname).toBe('/design'));
      expect(router.state.location.search).toBe('?templateId=prem-1');
      expect(screen.queryByRole('dialog', { name: 'Upgrade to designcore Pro' })).not.toBeInTheDocument();
    });

    test('a template the editor cannot open shows the server’s reason and stays on the preview', async () => {
      db.withoutDocument.add('free-1');
      signInAs(member());
      const { dialog, router, user } = await openPreview('/template/free-1');
      await waitFor(() => expect(screen.getByRole('button', { name: 'Open account menu', hidden: true })).toBeInTheDocument());

      await user.click(within(dialog).getByRole('button', { name: 'Customize Template' }));

      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('We could not open this template');
      expect(alert).toHaveTextContent('This template cannot be opened in the editor.');
      expect(router.state.location.pathname).toBe('/template/free-1');
      expect(db.recorded.filter((call) => call.kind === 'use')).toEqual([]);
    });

    test('a signed-in user opens a free template', async () => {
      signInAs(member());
      const { dialog, router, user } = await openPreview('/template/free-1');

      await waitFor(() => expect(screen.getByRole('button', { name: 'Open account menu', hidden: true })).toBeInTheDocument());
      await user.click(within(dialog).getByRole('button', { name: 'Customize Template' }));

      await waitFor(() => expect(router.state.location.search).toBe('?templateId=free-1'));
      expect(router.state.location.pathname).toBe('/design');
    });
  });
});
