import { http, HttpResponse } from 'msw';

import { categorySlug } from '@/lib/slug';
import type { CategoryDetail, ErrorBody, HomeRowsResponse, Template, TemplatePage } from '@/types/api';

import { authDb } from '../auth-db';
import { customiseOutcome } from '../customise';
import { API_HOME_CATEGORIES, db } from '../db';
import { apiPath } from './api-path';
import { bearer } from './auth';

/** `GET /api/v1/templates/home?limit=12`, as docs/api.md describes it. */
export const getHomeRowsHandler = http.get(apiPath('/templates/home'), ({ request }) => {
  const rawLimit = new URL(request.url).searchParams.get('limit') ?? '12';
  const limit = Number(rawLimit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 50) {
    return HttpResponse.json<ErrorBody>(
      {
        status: 400,
        code: 'validation_failed',
        message: 'Invalid query parameters',
        issues: [{ path: 'limit', message: 'expected an integer from 1 to 50' }],
      },
      { status: 400 },
    );
  }
  const body: HomeRowsResponse = {
    rows: API_HOME_CATEGORIES.map((category) => ({
      category,
      slug: categorySlug(category),
      templates: db.templates
        .filter((template) => template.category === category)
        .sort((a, b) => b.created_at.localeCompare(a.created_at))
        .slice(0, limit),
    })),
  };
  return HttpResponse.json(body);
});

const notFound = (message: string) =>
  HttpResponse.json<ErrorBody>({ status: 404, code: 'not_found', message }, { status: 404 });

const newestFirst = (a: Template, b: Template) => b.created_at.localeCompare(a.created_at);

/** A page of `templates` as the API shapes it. */
export function templatePage(templates: readonly Template[], page: number, size: number): TemplatePage {
  const totalPages = Math.ceil(templates.length / size);
  return {
    templates: templates.slice((page - 1) * size, page * size),
    totalCount: templates.length,
    hasMore: page < totalPages,
    currentPage: page,
    totalPages,
  };
}

function pageParams(url: URL) {
  return { page: Number(url.searchParams.get('page') ?? '1'), size: Number(url.searchParams.get('size') ?? '24') };
}

const distinct = (values: (string | null)[]) => [...new Set(values.filter((v): v is string => Boolean(v)))].sort();

/** `GET /api/v1/categories`. */
export const getCategoriesHandler = http.get(apiPath('/categories'), () =>
  HttpResponse.json(distinct(db.templates.map((t) => t.category)).map((name) => ({ name, slug: categorySlug(name) }))),
);

/** `GET /api/v1/categories/{slug}`. */
export const getCategoryHandler = http.get(apiPath('/categories/:slug'), ({ params }) => {
  const name = distinct(db.templates.map((t) => t.category)).find((c) => categorySlug(c) === params.slug);
  if (!name) return notFound('Unknown category');
  const subs = distinct(db.templates.filter((t) => t.category === name).map((t) => t.sub_category));
  const body: CategoryDetail = { name, slug: categorySlug(name), sub_categories: subs.map((sub) => ({ name: sub, slug: categorySlug(sub) })) };
  return HttpResponse.json(body);
});

/** `GET /api/v1/templates?page=&size=&category=&sub_category=&search=`. */
export const listTemplatesHandler = http.get(apiPath('/templates'), ({ request }) => {
  const url = new URL(request.url);
  const { page, size } = pageParams(url);
  const category = url.searchParams.get('category');
  const subCategory = url.searchParams.get('sub_category');
  const found = db.templates
    .filter((t) => (category ? t.category === category : true))
    .filter((t) => (subCategory ? t.sub_category === subCategory : true))
    .sort(newestFirst);
  return HttpResponse.json(templatePage(found, page, size));
});

/** `GET /api/v1/templates/search?q=&page=&size=` (matches the name, case-insensitively). */
export const searchTemplatesHandler = http.get(apiPath('/templates/search'), ({ request }) => {
  const url = new URL(request.url);
  const { page, size } = pageParams(url);
  const q = (url.searchParams.get('q') ?? '').toLowerCase();
  const found = db.templates.filter((t) => t.name.toLowerCase().includes(q)).sort(newestFirst);
  return HttpResponse.json(templatePage(found, page, size));
});

/** `GET /api/v1/templates/{id}`. */
export const getTemplateHandler = http.get(apiPath('/templates/:id'), ({ params }) => {
  const template = db.templates.find((t) => t.id === params.id);
  return template ? HttpResponse.json(template) : notFound('Template not found');
});

/** `GET /api/v1/templates/{id}/related?limit=`: same sub-category, without the template. */
export const relatedTemplatesHandler = http.get(apiPath('/templates/:id/related'), ({ params, request }) => {
  const template = db.templates.find((t) => t.id === params.id);
  if (!template) return notFound('Template not found');
  const limit = Number(new URL(request.url).searchParams.get('limit') ?? '16');
  const related = template.sub_category
    ? db.templates.filter((t) => t.sub_category === template.sub_category && t.id !== template.id).slice(0, limit)
    : [];
  return HttpResponse.json(related);
});

/**
 * The customise decision for the request's caller (the server's `decide_customise`, held to the
 * domain by tests/contract/vectors/customise-decisions.json): `null` when allowed, else the
 * refusal the server answers (401 `sign_in_required`, 402 `upgrade_required`, 404, 409
 * `no_document`).
 */
function customiseRefusal(id: unknown, request: Request): Response | null {
  const template = db.templates.find((t) => t.id === id);
  if (!template) return notFound('Template not found');
  const caller = bearer(request);
  const switchOn = authDb.siteSettings.find((setting) => setting.setting_key === 'premium_business_model_enabled');
  const outcome = customiseOutcome({
    signedIn: caller !== null,
    templatePremium: template.is_premium,
    premiumModelOn: switchOn?.setting_value === true,
    subscriptionStatus: caller?.user.profile.subscription_status ?? null,
    subscriptionPlan: caller?.user.profile.subscription_plan ?? null,
    hasDocument: !db.withoutDocument.has(template.id),
  });
  const refuse = (status: number, code: string, message: string) =>
    HttpResponse.json<ErrorBody>({ status, code, message }, { status });
  if (outcome === 'sign_in') return refuse(401, 'sign_in_required', 'sign in to customise this template');
  if (outcome === 'upgrade') return refuse(402, 'upgrade_required', 'upgrade to premium to customise this template');
  if (outcome === 'no_document') return refuse(409, 'no_document', 'this template cannot be opened in the editor');
  return null;
}

/** `GET /api/v1/templates/{id}/document`: the editor document, for a caller the customise decision allows. */
export const templateDocumentHandler = http.get(apiPath('/templates/:id/document'), ({ params, request }) => {
  const refused = customiseRefusal(params.id, request);
  if (refused) return refused;
  const template = db.templates.find((t) => t.id === params.id);
  return HttpResponse.json({ ...template, polotno_json: { width: 1080, height: 1080, pages: [] }, field_requirements: [] });
});

/** `GET /api/v1/templates/{id}/customisable`: the same decision without the document (204). */
export const templateCustomisableHandler = http.get(apiPath('/templates/:id/customisable'), ({ params, request }) => {
  return customiseRefusal(params.id, request) ?? new HttpResponse(null, { status: 204 });
});

/** The counters and the search record: each call is kept in `db.recorded` for assertions. */
export const recordHandlers = [
  http.post(apiPath('/rpc/increment_template_views'), async ({ request }) => {
    const body = (await request.json()) as { template_id: string };
    db.recorded.push({ kind: 'view', ...body });
    return HttpResponse.json({ template_id: body.template_id, view_count: 1 });
  }),
  http.post(apiPath('/rpc/increment_template_use_count'), async ({ request }) => {
    const body = (await request.json()) as { template_id: string };
    db.recorded.push({ kind: 'use', ...body });
    return HttpResponse.json({ template_id: body.template_id, use_count: 1 });
  }),
  http.post(apiPath('/search-prompts'), async ({ request }) => {
    const body = (await request.json()) as { search_term: string; user_id: string | null };
    db.recorded.push({ kind: 'search', ...body });
    return HttpResponse.json({ id: 'sp-1', ...body, created_at: '2026-11-23T10:00:00Z' });
  }),
];

export const templatesHandlers = [
  getHomeRowsHandler,
  getCategoriesHandler,
  getCategoryHandler,
  searchTemplatesHandler,
  listTemplatesHandler,
  relatedTemplatesHandler,
  templateDocumentHandler,
  templateCustomisableHandler,
  getTemplateHandler,
  ...recordHandlers,
];
