import { categorySlug } from '@/lib/slug';
import type { HomeRow, Template } from '@/types/api';

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
