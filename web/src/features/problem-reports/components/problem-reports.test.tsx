import { http, HttpResponse } from 'msw';

import type { ProblemReport } from '@/types/api';
import { apiPath } from '@/testing/mocks/handlers/api-path';
import { server } from '@/testing/mocks/server';
import { renderApp, screen, userEvent, waitFor, within } from '@/testing/test-utils';

import { ProblemReportsList } from './problem-reports-list';
import { ReportProblemFormDialog } from './report-problem-dialog';

/** The problem-reports API of docs/api.md, kept in memory: uploads, reports, status changes. */
let reports: ProblemReport[] = [];
let uploads: { path: string; type: string | null; size: number }[] = [];

function report(overrides: Partial<ProblemReport> & Pick<ProblemReport, 'id' | 'description'>): ProblemReport {
  return {
    created_at: '2026-11-20T10:00:00Z',
    updated_at: '2026-11-20T10:00:00Z',
    page_url: 'http://localhost/templates',
    resolved_at: null,
    resolved_by: null,
    screenshot_key: null,
    screenshot_url: null,
    status: 'open',
    user_email: 'ngozi@example.com',
    user_id: 'user-1',
    ...overrides,
  };
}

beforeEach(() => {
  reports = [];
  uploads = [];
  server.use(
    http.post(/\/storage\/v1\/object\/problem-screenshots\/.+/, async ({ request }) => {
      const path = new URL(request.url).pathname.replace('/storage/v1/object/', '');
      uploads.push({ path, type: request.headers.get('content-type'), size: (await request.arrayBuffer()).byteLength });
      return HttpResponse.json({ Key: path, Id: 'object-1' });
    }),
    http.post(apiPath('/problem-reports'), async ({ request }) => {
      const body = (await request.json()) as { description: string; page_url: string; screenshot_key?: string };
      if (body.description.length > 5000) {
        return HttpResponse.json({ status: 400, code: 'validation_failed', message: 'The description is too long' }, { status: 400 });
      }
      const created = report({ id: `report-${reports.length + 1}`, ...body, screenshot_key: body.screenshot_key ?? null });
      reports.push(created);
      return HttpResponse.json(created, { status: 201 });
    }),
    http.get(apiPath('/problem-reports'), ({ request }) => {
      const status = new URL(request.url).searchParams.get('status');
      const items = reports.filter((r) => !status || r.status === status);
      return HttpResponse.json({ items, total_count: items.length, has_more: false, current_page: 1, total_pages: 1 });
    }),
    http.patch(apiPath('/problem-reports/:id'), async ({ params, request }) => {
      const { status } = (await request.json()) as { status: 'open' | 'resolved' };
      const found = reports.find((r) => r.id === params.id);
      if (!found) return HttpResponse.json({ status: 404, code: 'not_found', message: 'No such report' }, { status: 404 });
      found.status = status;
      return HttpResponse.json(found);
    }),
  );
});

function renderDialog(userId: string | null = 'user-1') {
  const closed: true[] = [];
  const result = renderApp(<ReportProblemFormDialog open onClose={() => closed.push(true)} userId={userId} />);
  // Screenshots of a type the input's `accept` leaves out must still reach the component's check.
  return { ...result, closed, user: userEvent.setup({ applyAccept: false }) };
}

describe('Report a Problem', () => {
  test('signed out, it asks to sign in and offers no form', () => {
    renderDialog(null);

    const dialog = screen.getByRole('dialog', { name: 'Report a Problem' });
    expect(dialog).toHaveTextContent('Please sign in to report a problem.');
    expect(within(dialog).queryByRole('button', { name: 'Send report' })).not.toBeInTheDocument();
  });

  test('an empty description is refused before anything is sent', async () => {
    const { user, closed } = renderDialog();

    await user.click(screen.getByRole('button', { name: 'Send report' }));

    expect(screen.getByRole('textbox', { name: 'What happened?' })).toHaveAccessibleDescription('Please describe what happened.');
    expect(reports).toEqual([]);
    expect(closed).toEqual([]);
  });

  test('a screenshot of the wrong type is refused in words, and nothing is uploaded', async () => {
    const { user } = renderDialog();

    await user.upload(screen.getByLabelText('Screenshot (optional)'), new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' }));

    expect(screen.getByRole('alert')).toHaveTextContent('The screenshot must be a PNG, JPEG, WebP or AVIF image.');
    await user.type(screen.getByRole('textbox', { name: 'What happened?' }), 'The download froze');
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(reports).toHaveLength(1));
    expect(uploads).toEqual([]);
    expect(reports[0]?.screenshot_key).toBeNull();
  });

  test('a report with a screenshot uploads it to the user’s folder and sends its key with the page', async () => {
    const { user, closed } = renderDialog();

    await user.type(screen.getByRole('textbox', { name: 'What happened?' }), '  The download froze at 90 %  ');
    await user.upload(screen.getByLabelText('Screenshot (optional)'), new File([new Uint8Array(512)], 'shot.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: 'Send report' }));

    expect(await screen.findByText('Report sent')).toBeInTheDocument();
    expect(uploads).toHaveLength(1);
    expect(uploads[0]?.path).toMatch(/^problem-screenshots\/user-1\/.+\.png$/);
    expect(uploads[0]?.size).toBe(512);
    expect(reports).toEqual([
      expect.objectContaining({ description: 'The download froze at 90 %', page_url: globalThis.location.href, screenshot_key: uploads[0]?.path }),
    ]);
    expect(closed).toEqual([true]);
  });

  test('a refusal from the server is shown with its message and the dialog stays open', async () => {
    const { user, closed } = renderDialog();
    server.use(
      http.post(apiPath('/problem-reports'), () =>
        HttpResponse.json({ status: 429, code: 'rate_limited', message: 'Too many reports; try again in a minute' }, { status: 429 }),
      ),
    );

    await user.type(screen.getByRole('textbox', { name: 'What happened?' }), 'Broken');
    await user.click(screen.getByRole('button', { name: 'Send report' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Too many reports; try again in a minute');
    expect(screen.getByRole('button', { name: 'Send report' })).toBeEnabled();
    expect(closed).toEqual([]);
  });
});

describe('Problem reports list (administrators)', () => {
  test('shows open reports, and Resolve moves one to the resolved list', async () => {
    reports = [report({ id: 'r1', description: 'Checkout spins' }), report({ id: 'r2', description: 'Old one', status: 'resolved' })];
    const { user } = renderApp(<ProblemReportsList />);

    const open = await screen.findByRole('list', { name: 'Problem reports' });
    expect(within(open).getAllByRole('listitem')).toHaveLength(1);
    expect(open).toHaveTextContent('Checkout spins');
    expect(open).toHaveTextContent('ngozi@example.com');

    await user.click(within(open).getByRole('button', { name: 'Resolve' }));
    expect(await screen.findByText('No reports here.')).toBeInTheDocument();
    expect(reports.find((r) => r.id === 'r1')?.status).toBe('resolved');

    await user.click(screen.getByRole('button', { name: 'Resolved' }));
    const resolved = await screen.findByRole('list', { name: 'Problem reports' });
    expect(within(resolved).getAllByRole('listitem')).toHaveLength(2);
    expect(within(resolved).getAllByRole('button', { name: 'Reopen' })).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Resolved' })).toHaveAttribute('aria-pressed', 'true');
  });
});
