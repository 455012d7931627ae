import { categorySlug } from '@/lib/slug';
import type { HomeRow, Job, Template } from '@/types/api';

import type { MockUser } from './mocks/auth-db';

let sequence = 0;

/** A light template with predictable, unique values; override any field. */
export function createTemplate(overrides: Partial<Template> = {}): Template {
  sequence += 1;
  const id = overrides.id ?? `tpl-${String(sequence).padStart(4, '0')}`;
  const category = overrides.category ?? 'Church';
  const isPremium = overrides.is_premium ?? false;
  return {
    id,
    name: `${category} Template ${sequence}`,
    category,
    sub_category: null,
    preview_url: `/storage/v1/render/image/public/template-previews/${id}.png?width=800&resize=contain&format=avif`,
    template_type: isPremium ? 'Premium' : 'free',
    is_premium: isPremium,
    description: `A ${category.toLowerCase()} design.`,
    tags: [categorySlug(category)],
    semantic_keywords: [],
    design_intent: null,
    width: null,
    height: null,
    created_at: '2026-11-01T10:00:00Z',
    updated_at: '2026-11-01T10:00:00Z',
    ...overrides,
  };
}

/** A home row for `category` with `count` templates (slug computed as the server does). */
export function createHomeRow(category: string, count = 3, overrides: Partial<Template> = {}): HomeRow {
  return {
    category,
    slug: categorySlug(category),
    templates: Array.from({ length: count }, () => createTemplate({ category, ...overrides })),
  };
}

/** An unsigned JWT with `claims` (the client only reads the payload; the server verifies). */
export function createAccessToken(claims: Record<string, unknown>): string {
  const encode = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${encode({ alg: 'ES256', typ: 'JWT', kid: 'test' })}.${encode(claims)}.signature`;
}

let userSequence = 0;

/** A user of the mock auth service (signed up, confirmed); override any field. */
export function createMockUser(overrides: Partial<MockUser> = {}): MockUser {
  userSequence += 1;
  const id = overrides.id ?? `00000000-0000-4000-8000-${String(userSequence).padStart(12, '0')}`;
  return {
    id,
    email: `user${userSequence}@example.com`,
    password: 'correct-horse',
    user_metadata: { first_name: 'Ada', last_name: 'Obi' },
    created_at: '2026-11-01T10:00:00Z',
    factors: [],
    profile: {
      first_name: 'Ada',
      last_name: 'Obi',
      subscription_status: null,
      subscription_plan: null,
      user_role: null,
      username: null,
      avatar: null,
      referral_code: `REF${String(userSequence).padStart(5, '0')}`,
      time_zone: 'Africa/Lagos',
    },
    credits: 0,
    referred: false,
    ...overrides,
  };
}

/** A background job as `GET /api/v1/jobs/{id}` answers it (the generated `JobOut` shape). */
export function createJob(overrides: Partial<Job> = {}): Job {
  const id = overrides.id ?? '3f2b8c1e-0d4a-4c6b-9a57-2b1e6f0c9d11';
  return {
    id,
    kind: 'export',
    state: 'queued',
    progress: 0,
    message: '',
    attempts: 0,
    max_attempts: 3,
    cancel_requested: false,
    created_at: '2026-11-29T07:00:00Z',
    updated_at: '2026-11-29T07:00:00Z',
    finished_at: null,
    result_url: null,
    result_filename: null,
    result_media_type: null,
    error: null,
    worker: '',
    ...overrides,
  };
}
