import { http, HttpResponse } from 'msw';

import type { Creator, ErrorBody, Paged } from '@/types/api';

import { db, type MockCreator } from '../db';
import { apiPath } from './api-path';

/** The creators API of docs/api.md: `{items, total_count, has_more, current_page, total_pages}` pages. */
function paged<T>(all: readonly T[], url: URL): Paged<T> {
  const page = Number(url.searchParams.get('page') ?? '1');
  const size = Number(url.searchParams.get('size') ?? '24');
  const totalPages = Math.ceil(all.length / size);
  return {
    items: all.slice((page - 1) * size, page * size),
    total_count: all.length,
    has_more: page < totalPages,
    current_page: page,
    total_pages: totalPages,
  };
}

const publicProfile = (creator: MockCreator): Creator => ({
  ...creator.profile,
  template_count: creator.templateIds.length,
});

const find = (username: unknown) =>
  db.creators.find((c) => c.profile.username.toLowerCase() === String(username).toLowerCase());

const unknownCreator = () =>
  HttpResponse.json<ErrorBody>({ status: 404, code: 'not_found', message: 'No such creator' }, { status: 404 });

export const creatorsHandlers = [
  http.get(apiPath('/creators'), ({ request }) =>
    HttpResponse.json(paged(db.creators.map(publicProfile), new URL(request.url))),
  ),
  http.get(apiPath('/creators/:username'), ({ params }) => {
    const creator = find(params.username);
    return creator ? HttpResponse.json(publicProfile(creator)) : unknownCreator();
  }),
  http.get(apiPath('/creators/:username/templates'), ({ params, request }) => {
    const creator = find(params.username);
    if (!creator) return unknownCreator();
    const templates = db.templates.filter((t) => creator.templateIds.includes(t.id));
    return HttpResponse.json(paged(templates, new URL(request.url)));
  }),
];
