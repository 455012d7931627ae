import { http, HttpResponse } from 'msw';

import { categorySlug } from '@/lib/slug';
import type { ErrorBody, HomeRowsResponse } from '@/types/api';

import { API_HOME_CATEGORIES, db } from '../db';
import { apiPath } from './api-path';

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

export const templatesHandlers = [getHomeRowsHandler];
