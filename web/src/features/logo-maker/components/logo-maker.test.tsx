import { http, HttpResponse } from 'msw';

import { apiPath } from '@/testing/mocks/handlers/api-path';
import { server } from '@/testing/mocks/server';
import { renderApp, screen, waitFor, within } from '@/testing/test-utils';

import type { BrandKit } from '../api/logo-maker';

import { LogoMaker } from './logo-maker';

/** The Logo Maker API of docs/api.md: the form, previews per kit, and designs from a logo. */
let asked: BrandKit[] = [];
let opened: Array<BrandKit & { template_id: string }> = [];

const LOGOS = [
  { template_id: 'logo-1', name: 'Adunni Diamond Logo', sub_category: 'Business', is_premium: false, locked: false },
  { template_id: 'logo-2', name: 'Jollof Bowl Logo', sub_category: 'Food', is_premium: true, locked: true },
];

beforeEach(() => {
  asked = [];
  opened = [];
  server.use(
    http.get(apiPath('/logo-maker'), () =>
      HttpResponse.json({ industries: ['Business', 'Food'], max_brand_name: 40, max_tagline: 60, max_colors: 2 }),
    ),
    http.post(apiPath('/logo-maker/previews'), async ({ request }) => {
      const kit = (await request.json()) as BrandKit;
      asked.push(kit);
      return HttpResponse.json({ previews: LOGOS.map((logo) => ({ ...logo, image: `data:image/webp;base64,${btoa(kit.brand_name)}` })) });
    }),
    http.post(apiPath('/logo-maker/designs'), async ({ request }) => {
      const body = (await request.json()) as BrandKit & { template_id: string };
      if (body.template_id === 'logo-2') {
        return HttpResponse.json({ status: 402, code: 'upgrade_required', message: 'The Logo Maker is part of Premium' }, { status: 402 });
      }
      opened.push(body);
      return HttpResponse.json({ id: 'design-9', name: body.brand_name, version: 2 }, { status: 201 });
    }),
  );
});

type Calls = { signIn: number; upgrade: number; opened: string[] };

function renderMaker({ signedIn = true } = {}) {
  const calls: Calls = { signIn: 0, upgrade: 0, opened: [] };
  const rendered = renderApp(
    <LogoMaker
      signedIn={signedIn}
      viewer={signedIn ? 'user-1:free' : 'visitor'}
      onSignInNeeded={() => (calls.signIn += 1)}
      onUpgradeNeeded={() => (calls.upgrade += 1)}
      onOpened={(id) => calls.opened.push(id)}
    />,
  );
  return { ...rendered, calls };
}

describe('LogoMaker', () => {
  test('the crown marks only the logos the server says are locked', async () => {
    renderMaker();

    const logos = await screen.findByRole('region', { name: 'Your logos' });
    await within(logos).findByRole('img', { name: 'Jollof Bowl Logo with your brand' });
    const cards = within(logos).getAllByRole('listitem');
    expect(within(cards[0] as HTMLElement).queryByRole('img', { name: 'Premium' })).not.toBeInTheDocument();
    expect(within(cards[1] as HTMLElement).getByRole('img', { name: 'Premium' })).toBeInTheDocument();
    expect(logos).toHaveTextContent('the crown marks the logos you can open after upgrading');
  });

  test('colours can be added up to the server’s limit and removed, and are sent with the kit', async () => {
    const { user } = renderMaker();
    await screen.findByRole('img', { name: 'Adunni Diamond Logo with your brand' });

    await user.click(screen.getByRole('button', { name: 'Add a colour' }));
    await user.click(screen.getByRole('button', { name: 'Add a colour' }));
    expect(screen.queryByRole('button', { name: 'Add a colour' })).not.toBeInTheDocument();
    expect(screen.getAllByLabelText(/^Brand colour \d$/)).toHaveLength(2);
    await waitFor(() => expect(asked.at(-1)?.colors).toHaveLength(2));

    await user.click(screen.getAllByRole('button', { name: 'Remove' })[0] as HTMLElement);
    expect(screen.getAllByLabelText(/^Brand colour \d$/)).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Add a colour' })).toBeInTheDocument();
    await waitFor(() => expect(asked.at(-1)?.colors).toHaveLength(1));
  });

  test('a member opens a free logo with the typed brand; a locked one asks for the upgrade', async () => {
    const { user, calls } = renderMaker();
    await user.type(screen.getByLabelText('Brand name'), "Ada's Kitchen");
    await screen.findByRole('img', { name: 'Adunni Diamond Logo with your brand' });

    await user.click(screen.getByRole('button', { name: 'Use Adunni Diamond Logo' }));
    await waitFor(() => expect(calls.opened).toEqual(['design-9']));
    expect(opened[0]).toMatchObject({ template_id: 'logo-1', brand_name: "Ada's Kitchen" });

    await user.click(screen.getByRole('button', { name: 'Use Jollof Bowl Logo' }));
    await waitFor(() => expect(calls.upgrade).toBe(1));
    expect(opened).toHaveLength(1);
  });

  test('a visitor who chooses or downloads a logo is asked to sign in, and nothing is sent', async () => {
    const { user, calls } = renderMaker({ signedIn: false });
    await screen.findByRole('img', { name: 'Adunni Diamond Logo with your brand' });

    await user.click(screen.getByRole('button', { name: 'Use Adunni Diamond Logo' }));
    await user.click(screen.getByRole('button', { name: 'Download Adunni Diamond Logo as SVG' }));

    expect(calls.signIn).toBe(2);
    expect(opened).toEqual([]);
  });

  test('previews the server cannot draw are reported with its message', async () => {
    server.use(
      http.post(apiPath('/logo-maker/previews'), () =>
        HttpResponse.json({ status: 503, code: 'renderer_busy', message: 'The renderer is busy' }, { status: 503 }),
      ),
    );
    renderMaker();

    expect(await screen.findByRole('alert')).toHaveTextContent('Could not draw the logos: The renderer is busy');
  });
});
