import { http, HttpResponse } from 'msw';

import { apiPath } from '@/testing/mocks/handlers/api-path';
import { bearer } from '@/testing/mocks/handlers/auth';
import { server } from '@/testing/mocks/server';
import { screen, waitFor, within } from '@/testing/test-utils';

import { member, renderLayout } from '../layout/layout-test-utils';

import LogoMakerRoute from './logo-maker';

type Kit = { brand_name: string; tagline?: string; industry?: string | null; colors?: string[] };

let asked: Kit[] = [];
let opened: Array<Kit & { template_id: string }> = [];

const LOGOS = [
  { template_id: 'logo-1', name: 'Adunni Diamond Logo', sub_category: 'Business', is_premium: false },
  { template_id: 'logo-2', name: 'Jollof Bowl Logo', sub_category: 'Food', is_premium: true },
];

beforeEach(() => {
  asked = [];
  opened = [];
  server.use(
    http.get(apiPath('/logo-maker'), () =>
      HttpResponse.json({ industries: ['Business', 'Food'], max_brand_name: 40, max_tagline: 60, max_colors: 2 }),
    ),
    http.post(apiPath('/logo-maker/previews'), async ({ request }) => {
      const kit = (await request.json()) as Kit;
      asked.push(kit);
      // As the server: the Logo Maker is premium, so every logo is locked to whoever is not.
      const profile = bearer(request)?.user.profile;
      const locked = !(profile?.subscription_status?.trim() === 'Active' && profile.subscription_plan === 'premium');
      return HttpResponse.json({
        previews: LOGOS.map((logo) => ({ ...logo, locked, image: `data:image/webp;base64,${btoa(kit.brand_name)}` })),
      });
    }),
    http.post(apiPath('/logo-maker/designs'), async ({ request }) => {
      const body = (await request.json()) as Kit & { template_id: string };
      if (!request.headers.get('authorization')) {
        return HttpResponse.json({ status: 401, code: 'sign_in_required', message: 'Sign in' }, { status: 401 });
      }
      opened.push(body);
      return HttpResponse.json({ id: 'design-9', name: body.brand_name, version: 2 }, { status: 201 });
    }),
  );
});

describe('Logo Maker page', () => {
  test('shows every logo with a placeholder brand before anything is typed', async () => {
    renderLayout(<LogoMakerRoute />);

    expect(await screen.findByRole('img', { name: 'Adunni Diamond Logo with your brand' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Jollof Bowl Logo with your brand' })).toBeInTheDocument();
    expect(asked[0]).toMatchObject({ brand_name: 'Your Brand', tagline: 'Your tagline here', colors: [] });
  });

  test('marks exactly the logos the server locks for a free member', async () => {
    renderLayout(<LogoMakerRoute />, { as: member() });
    const list = await screen.findByRole('region', { name: 'Your logos' });

    await within(list).findByRole('img', { name: 'Adunni Diamond Logo with your brand' });
    await waitFor(() => expect(within(list).getAllByRole('img', { name: 'Premium' })).toHaveLength(LOGOS.length));
    expect(screen.getByText(/The Logo Maker is part of Premium/)).toBeInTheDocument();
  });

  test('marks nothing for a premium member, whom nothing is locked to', async () => {
    renderLayout(<LogoMakerRoute />, { as: member({ premium: true }) });
    const list = await screen.findByRole('region', { name: 'Your logos' });

    await within(list).findByRole('img', { name: 'Adunni Diamond Logo with your brand' });
    await waitFor(() => expect(asked.length).toBeGreaterThan(0));
    expect(within(list).queryByRole('img', { name: 'Premium' })).not.toBeInTheDocument();
    expect(screen.queryByText(/The Logo Maker is part of Premium/)).not.toBeInTheDocument();
  });

  test('draws the logos again with what the user types, industry and colours', async () => {
    const { user } = renderLayout(<LogoMakerRoute />);
    await screen.findByRole('img', { name: 'Adunni Diamond Logo with your brand' });

    await user.type(screen.getByLabelText('Brand name'), "Ada's Kitchen");
    await user.type(screen.getByLabelText('Tagline'), 'Jollof');
    await user.selectOptions(screen.getByLabelText('Industry'), 'Food');
    await user.click(screen.getByRole('button', { name: 'Add a colour' }));

    await waitFor(() =>
      expect(asked.at(-1)).toEqual({ brand_name: "Ada's Kitchen", tagline: 'Jollof', industry: 'Food', colors: ['#16a34a'] }),
    );
    expect(screen.getByLabelText('Brand colour 1')).toHaveValue('#16a34a');
    await user.click(screen.getByRole('button', { name: 'Add a colour' }));
    expect(screen.queryByRole('button', { name: 'Add a colour' })).not.toBeInTheDocument();
  });

  test('a visitor who chooses a logo is asked to sign up', async () => {
    const { user } = renderLayout(<LogoMakerRoute />);

    await user.click(await screen.findByRole('button', { name: 'Use Adunni Diamond Logo' }));

    expect(await screen.findByRole('dialog', { name: 'Join creators on designcore' })).toBeInTheDocument();
    expect(opened).toEqual([]);
  });

  test('a member who chooses a logo gets a design and the editor opens', async () => {
    const { user, router } = renderLayout(<LogoMakerRoute />, { as: member({ premium: true }) });
    const list = await screen.findByRole('region', { name: 'Your logos' });

    await user.type(screen.getByLabelText('Brand name'), 'Grace');
    await user.click(within(list).getByRole('button', { name: 'Use Jollof Bowl Logo' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/editor'));
    expect(router.state.location.search).toBe('?designId=design-9');
    expect(opened[0]).toMatchObject({ template_id: 'logo-2', brand_name: 'Grace' });
  });

  test('when the server asks for premium the upgrade dialog opens', async () => {
    server.use(
      http.post(apiPath('/logo-maker/designs'), () =>
        HttpResponse.json({ status: 402, code: 'upgrade_required', message: 'Upgrade' }, { status: 402 }),
      ),
    );
    const { user } = renderLayout(<LogoMakerRoute />, { as: member() });

    await user.click(await screen.findByRole('button', { name: 'Use Adunni Diamond Logo' }));

    expect(await screen.findByText('Upgrade dialog is open')).toBeInTheDocument();
  });

  test('a download brings the file named by the server, with the kit', async () => {
    const downloads: Array<{ format: string; brand_name: string }> = [];
    server.use(
      http.post(apiPath('/logo-maker/exports'), async ({ request }) => {
        const body = (await request.json()) as { format: string; brand_name: string };
        downloads.push(body);
        return new HttpResponse('<svg xmlns="http://www.w3.org/2000/svg"/>', {
          headers: { 'Content-Type': 'image/svg+xml', 'Content-Disposition': 'attachment; filename="designcore-grace.svg"' },
        });
      }),
    );
    const created: string[] = [];
    URL.createObjectURL = jest.fn(() => 'blob:logo');
    URL.revokeObjectURL = jest.fn();
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      created.push(this.download);
    });
    const { user } = renderLayout(<LogoMakerRoute />, { as: member({ premium: true }) });
    await screen.findByRole('img', { name: 'Adunni Diamond Logo with your brand' });

    await user.type(screen.getByLabelText('Brand name'), 'Grace');
    await user.click(screen.getByRole('button', { name: 'Download Adunni Diamond Logo as SVG' }));

    await waitFor(() => expect(created).toEqual(['designcore-grace.svg']));
    expect(downloads[0]).toMatchObject({ format: 'svg', brand_name: 'Grace' });
    click.mockRestore();
  });

  test('a free member who downloads is offered the upgrade', async () => {
    server.use(
      http.post(apiPath('/logo-maker/exports'), () =>
        HttpResponse.json({ status: 402, code: 'upgrade_required', message: 'Upgrade' }, { status: 402 }),
      ),
    );
    const { user } = renderLayout(<LogoMakerRoute />, { as: member() });

    await user.click(await screen.findByRole('button', { name: 'Download Jollof Bowl Logo as transparent PNG' }));

    expect(await screen.findByText('Upgrade dialog is open')).toBeInTheDocument();
  });
});
