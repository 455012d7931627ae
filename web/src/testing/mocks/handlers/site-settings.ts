import { http, HttpResponse } from 'msw';

import type { ErrorBody, SiteSettingOut, SiteSettingsResponse } from '@/types/api';

import { authDb } from '../auth-db';
import { memberDb } from '../member-db';
import { apiPath } from './api-path';

function callerOf(request: Request) {
  const token = request.headers.get('Authorization')?.replace(/^Bearer /, '');
  const session = authDb.sessions.find((candidate) => candidate.accessToken === token);
  return session ? authDb.users.find((user) => user.id === session.userId) : undefined;
}

/** `GET /api/v1/site-settings` and `PUT /api/v1/site-settings/{key}` (administrators only). */
export const siteSettingsHandlers = [
  http.get(apiPath('/site-settings'), () => HttpResponse.json<SiteSettingsResponse>({ settings: authDb.siteSettings })),

  http.put(apiPath('/site-settings/:key'), async ({ request, params }) => {
    const caller = callerOf(request);
    if (!caller) {
      const error: ErrorBody = { status: 401, code: 'sign_in_required', message: 'Sign in to change site settings' };
      return HttpResponse.json(error, { status: 401 });
    }
    if (caller.profile.user_role !== 'admin') {
      const error: ErrorBody = { status: 403, code: 'admin_only', message: 'Only administrators can change site settings' };
      return HttpResponse.json(error, { status: 403 });
    }
    const parsed = (await request.json()) as { setting_value?: unknown };
    const key = String(params.key);
    const updatedAt = new Date().toISOString();
    const record = { setting_key: key, setting_value: parsed.setting_value, updated_at: updatedAt, updated_by: caller.id };
    const old = authDb.siteSettings.find((existing) => existing.setting_key === key);
    memberDb.changes.unshift({
      setting_key: key,
      old_value: old?.setting_value ?? null,
      new_value: parsed.setting_value,
      changed_by: caller.id,
      changed_by_email: caller.email,
      changed_at: updatedAt,
    });
    authDb.siteSettings = [...authDb.siteSettings.filter((existing) => existing.setting_key !== key), record];
    const answer: SiteSettingOut = { setting_key: key, setting_value: parsed.setting_value, updated_at: updatedAt };
    return HttpResponse.json(answer);
  }),
];
