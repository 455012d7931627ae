import { screen, waitFor, within } from '@testing-library/react';

import { authDb } from '@/testing/mocks/auth-db';
import { memberDb } from '@/testing/mocks/member-db';
import type { ProblemReport } from '@/types/api';

import { member, renderLayout } from '../layout/layout-test-utils';

import SiteSettingsRoute from './site-settings';

const setting = (key: string) => authDb.siteSettings.find((record) => record.setting_key === key)?.setting_value;

function report(overrides: Partial<ProblemReport> = {}): ProblemReport {
  return {
    id: 'report-1',
    description: 'The preview never loads',
    page_url: 'http://localhost/templates/church',
    screenshot_key: 'problem-screenshots/u1/problem-reports/1.png',
    screenshot_url: '/api/v1/problem-reports/report-1/screenshot',
    status: 'open',
    user_id: 'u1',
    user_email: 'kemi@example.com',
    created_at: '2026-11-22T10:00:00Z',
    updated_at: '2026-11-22T10:00:00Z',
    resolved_at: null,
    resolved_by: null,
    ...overrides,
  };
}

function renderAsAdmin() {
  const admin = member({ admin: true });
  return { ...renderLayout(<SiteSettingsRoute />, { as: admin, url: '/site-settings' }), admin };
}

describe('the Site Settings page', () => {
  test('a regular user sees the not-allowed page', async () => {
    renderLayout(<SiteSettingsRoute />, { as: member(), url: '/site-settings' });

    expect(await screen.findByRole('heading', { name: 'You are not allowed to see this page' })).toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  });

  test('a signed-out visitor sees the not-allowed page with Sign In', async () => {
    renderLayout(<SiteSettingsRoute />, { url: '/site-settings' });

    expect(await screen.findByRole('heading', { name: 'You are not allowed to see this page' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });

  test('the switch toggles the premium business model and the history records who did it', async () => {
    const { user } = renderAsAdmin();
    const toggle = await screen.findByRole('switch', { name: 'Premium business model' });
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));

    await user.click(toggle);

    expect(await screen.findByText('Premium business model turned off')).toBeInTheDocument();
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'false'));
    expect(setting('premium_business_model_enabled')).toBe(false);
    const history = await screen.findByRole('table', { name: 'Setting changes' });
    const row = within(history).getAllByRole('row')[1];
    expect(row).toHaveTextContent('ada@example.com');
    expect(row).toHaveTextContent('premium_business_model_enabled');
    expect(row).toHaveTextContent('truefalse');

    await user.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
    expect(setting('premium_business_model_enabled')).toBe(true);
  });

  test('edits the community link, refusing an address that is not http(s)', async () => {
    const { user } = renderAsAdmin();
    const field = await screen.findByLabelText('Community link');

    await user.clear(field);
    await user.type(field, 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Save Community link' }));
    expect(screen.getByText('Enter an http(s) address')).toBeInTheDocument();

    await user.clear(field);
    await user.type(field, 'https://chat.whatsapp.com/new-group');
    await user.click(screen.getByRole('button', { name: 'Save Community link' }));
    expect(await screen.findByText('Setting saved')).toBeInTheDocument();
    expect(setting('community_url')).toBe('https://chat.whatsapp.com/new-group');
  });

  test('edits the footer links', async () => {
    const { user } = renderAsAdmin();
    const form = await screen.findByRole('form', { name: 'Footer links' });

    await user.click(within(form).getByRole('button', { name: 'Remove link 2' }));
    await user.click(within(form).getByRole('button', { name: 'Add link' }));
    await user.type(within(form).getByLabelText('Link 2 label'), 'TikTok');
    await user.type(within(form).getByLabelText('Link 2 address'), 'https://www.tiktok.com/@designcore');
    await user.click(within(form).getByRole('button', { name: 'Save footer links' }));

    expect(await screen.findByText('Setting saved')).toBeInTheDocument();
    expect(setting('footer_links')).toEqual([
      { label: 'Instagram', url: 'https://www.instagram.com/designcore.ng' },
      { label: 'TikTok', url: 'https://www.tiktok.com/@designcore' },
    ]);
  });

  test('lists the open problem reports and resolves one', async () => {
    memberDb.reports = [report(), report({ id: 'report-2', description: 'Old one', status: 'resolved' })];
    const { user } = renderAsAdmin();

    const list = await screen.findByRole('list', { name: 'Problem reports' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(1);
    expect(items[0]).toHaveTextContent('The preview never loads');
    expect(items[0]).toHaveTextContent('kemi@example.com');
    // The screenshot is private: no public link, it is fetched with the admin's token.
    expect(within(items[0] as HTMLElement).queryByRole('link', { name: /Screenshot/ })).not.toBeInTheDocument();
    await user.click(within(items[0] as HTMLElement).getByRole('button', { name: 'Show screenshot' }));
    const shot = await within(items[0] as HTMLElement).findByRole('img', { name: 'Screenshot of the report from kemi@example.com' });
    expect(shot.getAttribute('src')).toMatch(/^blob:/);

    await user.click(within(items[0] as HTMLElement).getByRole('button', { name: 'Resolve' }));

    expect(await screen.findByText('Report resolved')).toBeInTheDocument();
    expect(memberDb.reports[0]?.status).toBe('resolved');
    expect(await screen.findByText('No reports here.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resolved' }));
    expect(await screen.findByText('The preview never loads')).toBeInTheDocument();
  });
});
