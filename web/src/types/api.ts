/** Shapes of the HTTP API (docs/api.md). Template objects keep the table's snake_case names. */

/** A template as every listing and preview returns it (no editor document). */
export type Template = {
  id: string;
  name: string;
  category: string;
  sub_category: string | null;
  preview_url: string;
  template_type: string;
  is_premium: boolean;
  description: string | null;
  tags: string[];
  semantic_keywords: string[];
  design_intent: string | null;
  created_at: string;
  updated_at: string;
};

/** One row of the home screen: a category and its newest templates. */
export type HomeRow = {
  category: string;
  slug: string;
  templates: Template[];
};

/** `GET /api/v1/templates/home`. */
export type HomeRowsResponse = {
  rows: HomeRow[];
};

/** One field-level problem in a validation error. */
export type FieldIssue = {
  path: string;
  message: string;
};

/** The body of every error answer. */
export type ErrorBody = {
  status: number;
  code: string;
  message: string;
  issues?: FieldIssue[];
};
