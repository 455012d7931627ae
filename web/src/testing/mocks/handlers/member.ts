import { http, HttpResponse } from 'msw';

import { env } from '@/config/env';
import type { ErrorBody, Page, ProblemReport } from '@/types/api';

import { authDb, mockId } from '../auth-db';
import { memberDb } from '../member-db';
import { apiPath } from './api-path';
import { bearer } from './auth';

/**
 * The member API as docs/api.md describes it: the upgrade's server functions
 * (`/functions/v1/*`), the account's payments, credits and subscription, referrals and the
 * referral-code RPC, problem reports and the site-settings change history.
 */

function apiError(status: number, code: string, message: string) {
  return HttpResponse.json<ErrorBody>({ status, code, message }, { status });
}

function functionPath(name: string): string {
  return new URL(`/functions/v1/${name}`, new URL(env.API_URL, globalThis.location.origin)).toString();
}

function page<T>(items: T[], request: Request): Page<T> {
  const url = new URL(request.url);
  const number = Math.max(1, Number(url.searchParams.get('page') ?? 1));
  const size = Math.max(1, Number(url.searchParams.get('size') ?? 20));
  const slice = items.slice((number - 1) * size, number * size);
  const totalPages = Math.max(1, Math.ceil(items.length / size));
  return { items: slice, total_count: items.length, has_more: number < totalPages, current_page: number, total_pages: totalPages };
}

const unauthorised = () => apiError(401, 'sign_in_required', 'Sign in first');

export const memberHandlers = [
  http.post(functionPath('paystack-public-key'), ({ request }) =>
    bearer(request) ? HttpResponse.json({ public_key: 'pk_test_mock' }) : unauthorised(),
  ),

  http.post(functionPath('create-premium-upgrade'), async ({ request }) => {
    const caller = bearer(request);
    if (!caller) return unauthorised();
    const body = (await request.json()) as { amount?: unknown; currency?: unknown };
    if (body.amount !== 150000 || body.currency !== 'NGN') {
      return apiError(400, 'amount_mismatch', 'The amount must be 150000 kobo in NGN');
    }
    const reference = `txn-${Date.now()}-${memberDb.payments.length + 1}`;
    const accessCode = `ac_${memberDb.payments.length + 1}`;
    memberDb.payments.push({
      userId: caller.user.id,
      accessCode,
      reference,
      amount_kobo: 150000,
      currency: 'NGN',
      status: 'pending',
      paid_at: null,
      created_at: new Date().toISOString(),
    });
    return HttpResponse.json({ access_code: accessCode, reference, authorization_url: `https://checkout.example/${accessCode}` });
  }),

  http.post(functionPath('verify-premium-payment'), async ({ request }) => {
    const caller = bearer(request);
    if (!caller) return unauthorised();
    const { reference } = (await request.json()) as { reference?: unknown };
    const payment = memberDb.payments.find((candidate) => candidate.reference === reference && candidate.userId === caller.user.id);
    if (!payment) return apiError(404, 'payment_not_found', 'No such payment');
    const outcome = memberDb.outcome;
    if (outcome === 'success') {
      payment.status = 'succeeded';
      payment.paid_at = new Date().toISOString();
      caller.user.profile.subscription_status = 'active';
      caller.user.profile.subscription_plan = 'premium';
      memberDb.periodEnds.set(caller.user.id, '2026-12-23T10:00:00Z');
    }
    const answer = { status: outcome, reference: payment.reference, amount: 150000, currency: 'NGN', paid_at: payment.paid_at, message: outcome };
    return HttpResponse.json(answer, { status: outcome === 'success' ? 200 : outcome === 'pending' ? 202 : 402 });
  }),

  http.get(apiPath('/account/subscription'), ({ request }) => {
    const caller = bearer(request);
    if (!caller) return unauthorised();
    const enabled = authDb.siteSettings.find((setting) => setting.setting_key === 'premium_business_model_enabled');
    return HttpResponse.json({
      plan: caller.user.profile.subscription_plan,
      status: caller.user.profile.subscription_status,
      current_period_end: memberDb.periodEnds.get(caller.user.id) ?? null,
      premium_business_model_enabled: enabled?.setting_value === true,
    });
  }),

  http.get(apiPath('/account/payments'), ({ request }) => {
    const caller = bearer(request);
    if (!caller) return unauthorised();
    const mine = memberDb.payments
      .filter((payment) => payment.userId === caller.user.id)
      .map(({ userId: _userId, accessCode: _accessCode, ...payment }) => payment)
      .reverse();
    return HttpResponse.json(page(mine, request));
  }),

  http.get(apiPath('/account/credits'), ({ request }) => {
    const caller = bearer(request);
    if (!caller) return unauthorised();
    return HttpResponse.json({ balance: caller.user.credits, entries: memberDb.ledger.get(caller.user.id) ?? [] });
  }),

  http.get(apiPath('/referrals'), ({ request }) => {
    const caller = bearer(request);
    if (!caller) return unauthorised();
    return HttpResponse.json(memberDb.referrals.get(caller.user.id) ?? []);
  }),

  http.post(apiPath('/rpc/get_user_referral_code'), async ({ request }) => {
    const caller = bearer(request);
    if (!caller) return unauthorised();
    const { user_id_param: userId } = (await request.json()) as { user_id_param?: unknown };
    if (userId !== caller.user.id) return apiError(403, 'not_allowed', "Another user's referral code");
    return HttpResponse.json(caller.user.profile.referral_code);
  }),

  http.post(`${new URL('/storage/v1/object/', globalThis.location.origin).toString()}*`, async ({ request }) => {
    const caller = bearer(request);
    if (!caller) return unauthorised();
    const path = decodeURIComponent(new URL(request.url).pathname.replace('/storage/v1/object/', ''));
    const bytes = (await request.arrayBuffer()).byteLength;
    memberDb.uploads.set(path, bytes);
    return HttpResponse.json({ Key: path, Id: mockId('object') });
  }),

  http.post(apiPath('/problem-reports'), async ({ request }) => {
    const caller = bearer(request);
    if (!caller) return unauthorised();
    const body = (await request.json()) as { description?: unknown; page_url?: unknown; screenshot_key?: unknown };
    if (typeof body.description !== 'string' || body.description.trim() === '') {
      return apiError(400, 'validation_failed', 'Say what happened');
    }
    const report: ProblemReport = {
      id: mockId('report'),
      description: body.description,
      page_url: String(body.page_url ?? ''),
      screenshot_key: typeof body.screenshot_key === 'string' ? body.screenshot_key : null,
      screenshot_url: null,
      status: 'open',
      user_id: caller.user.id,
      user_email: caller.user.email,
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
      resolved_at: null,
      resolved_by: null,
    };
    report.screenshot_url = report.screenshot_key ? `/api/v1/problem-reports/${report.id}/screenshot` : null;
    memberDb.reports.unshift(report);
    return HttpResponse.json(report, { status: 201 });
  }),

  http.get(apiPath('/problem-reports'), ({ request }) => {
    const caller = bearer(request);
    if (!caller) return unauthorised();
    if (caller.user.profile.user_role !== 'admin') return apiError(403, 'admin_only', 'Only administrators see problem reports');
    const status = new URL(request.url).searchParams.get('status');
    return HttpResponse.json(page(memberDb.reports.filter((report) => !status || report.status === status), request));
  }),

  http.get(apiPath('/problem-reports/:id/screenshot'), ({ request, params }) => {
    const caller = bearer(request);
    if (!caller) return unauthorised();
    const report = memberDb.reports.find((candidate) => candidate.id === params.id);
    const allowed = report && (report.user_id === caller.user.id || caller.user.profile.user_role === 'admin');
    if (!allowed) return apiError(404, 'problem_report_not_found', 'No such report');
    if (!report.screenshot_key) return apiError(404, 'no_screenshot', 'The report has no screenshot');
    return new HttpResponse(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), { headers: { 'Content-Type': 'image/png', 'Cache-Control': 'private, no-store' } });
  }),

  http.patch(apiPath('/problem-reports/:id'), async ({ request, params }) => {
    const caller = bearer(request);
    if (!caller) return unauthorised();
    if (caller.user.profile.user_role !== 'admin') return apiError(403, 'admin_only', 'Only administrators change problem reports');
    const report = memberDb.reports.find((candidate) => candidate.id === params.id);
    if (!report) return apiError(404, 'not_found', 'No such report');
    const { status } = (await request.json()) as { status?: unknown };
    if (status !== 'open' && status !== 'resolved') return apiError(400, 'validation_failed', 'status must be open or resolved');
    report.status = status;
    report.updated_at = new Date().toISOString();
    report.resolved_at = status === 'resolved' ? report.updated_at : null;
    report.resolved_by = status === 'resolved' ? caller.user.id : null;
    return HttpResponse.json(report);
  }),

  http.get(apiPath('/site-settings/changes'), ({ request }) => {
    const caller = bearer(request);
    if (!caller) return unauthorised();
    if (caller.user.profile.user_role !== 'admin') return apiError(403, 'admin_only', 'Only administrators see the history');
    return HttpResponse.json(page(memberDb.changes, request));
  }),
];
