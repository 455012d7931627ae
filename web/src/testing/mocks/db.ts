import type { Creator, Template } from '@/types/api';

import { createTemplate } from '../data-generators';

/** The home categories in the order docs/api.md promises (kept apart from the app's own list). */
export const API_HOME_CATEGORIES = [
  'Church',
  'Birthdays',
  'Business & Industries',
  'Social Media Post',
  'New Month',
] as const;

/**
 * The mock API's data: a few templates per home category, newest first, the first of each
 * category premium. Tests that need other data override handlers with `server.use(...)`.
 */
export function seedTemplates(perCategory = 4): Template[] {
  return API_HOME_CATEGORIES.flatMap((category) =>
    Array.from({ length: perCategory }, (_, index) =>
      createTemplate({
        category,
        name: `${category} Design ${index + 1}`,
        is_premium: index === 0,
        template_type: index === 0 ? 'Premium' : 'free',
        created_at: `2026-11-${String(20 - index).padStart(2, '0')}T10:00:00Z`,
      }),
    ),
  );
}

/** A call of a counter or the search record, as the mock API received it. */
export type RecordedCall = { kind: 'view' | 'use' | 'search'; template_id?: string; search_term?: string; user_id?: string | null };

/** A creator of the mock API and the ids of the templates they published. */
export type MockCreator = { profile: Omit<Creator, 'template_count'>; templateIds: string[] };

/** Two creators: Ada publishes the Church templates, Tunde none. */
export function seedCreators(templates: readonly Template[]): MockCreator[] {
  return [
    {
      profile: { username: 'ada', display_name: 'Ada Obi', avatar_url: null, bio: 'Church and event flyers from Lagos.', created_at: '2026-10-01T09:00:00Z' },
      templateIds: templates.filter((t) => t.category === 'Church').map((t) => t.id),
    },
    {
      profile: { username: 'tunde', display_name: 'Tunde Bello', avatar_url: null, bio: '', created_at: '2026-10-02T09:00:00Z' },
      templateIds: [],
    },
  ];
}

const initialTemplates = seedTemplates();

export const db = {
  templates: initialTemplates,
  creators: seedCreators(initialTemplates),
  recorded: [] as RecordedCall[],
  /** Ids of templates without an editor document (the editor cannot open them). */
  withoutDocument: new Set<string>(),
  reset() {
    this.templates = seedTemplates();
    this.creators = seedCreators(this.templates);
    this.recorded = [];
    this.withoutDocument = new Set();
  },
};
