import { http, HttpResponse } from 'msw';

import { apiPath } from '@/testing/mocks/handlers/api-path';
import { server } from '@/testing/mocks/server';
import { render, screen, TestProviders, userEvent, within } from '@/testing/test-utils';

import type { AnalyticsSummary } from '../api/get-analytics-summary';
import { AnalyticsDashboard } from './analytics-dashboard';

function summary(days: number): AnalyticsSummary {
  const day = (i: number) => ({ day: `2026-11-${String(i + 1).padStart(2, '0')}`, count: i });
  return {
    days,
    start: '2026-11-01',
    end: '2026-11-07',
    daily_active_users: Array.from({ length: days }, (_, i) => day(i % 28)),
    categories: [
      { category: 'Church', views: 12, customisations: 3 },
      { category: 'Business', views: 4, customisations: 1 },
    ],
    top_search_terms: [
      { term: 'thanksgiving', count: 9, no_results: false },
      { term: 'ankara', count: 2, no_results: true },
    ],
    funnel: { dialog_opened: 10, payment_started: 4, payment_succeeded: 2 },
    referral_completions: Array.from({ length: days }, (_, i) => ({ ...day(i % 28), count: i === 0 ? 3 : 0 })),
  };
}

function serveSummaries() {
  const asked: string[] = [];
  server.use(
    http.get(apiPath('/analytics/summary'), ({ request }) => {
      const days = Number(new URL(request.url).searchParams.get('days'));
      asked.push(String(days));
      return HttpResponse.json(summary(days));
    }),
  );
  return asked;
}

describe('AnalyticsDashboard', () => {
  test('shows the last 7 days, and 30 or 90 on request', async () => {
    const asked = serveSummaries();
    render(<AnalyticsDashboard />, { wrapper: TestProviders });
    expect(await screen.findByRole('img', { name: 'Daily active users' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');
    const terms = screen.getByRole('list', { name: 'Top search terms' });
    expect(within(terms).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'thanksgiving9',
      'ankarano results2',
    ]);
    expect(screen.getByText('3 in this period')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Upgrade funnel' })).toHaveTextContent('Payment succeeded');
    await userEvent.click(screen.getByRole('button', { name: '90 days' }));
    expect(await screen.findByRole('button', { name: '90 days', pressed: true })).toBeInTheDocument();
    expect(asked).toEqual(['7', '90']);
  });

  test('says when the server refuses', async () => {
    server.use(
      http.get(apiPath('/analytics/summary'), () =>
        HttpResponse.json(
          { status: 403, code: 'admin_only', message: 'only administrators can read analytics' },
          { status: 403 },
        ),
      ),
    );
    render(<AnalyticsDashboard />, { wrapper: TestProviders });
    expect(await screen.findByRole('alert')).toHaveTextContent('only administrators can read analytics');
  });
});
