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
  /** The page size in pixels, when the API gives it (the card keeps this shape). */
  width?: number | null;
  height?: number | null;
};

/** `GET /api/v1/templates`, `/templates/search`: one page of a listing. */
export type TemplatePage = {
  templates: Template[];
  totalCount: number;
  hasMore: boolean;
  currentPage: number;
  totalPages: number;
};

/** A category (or sub-category) and its URL slug. */
export type Category = {
  name: string;
  slug: string;
};

/** `GET /api/v1/categories/{slug}`. */
export type CategoryDetail = Category & {
  sub_categories: Category[];
};

/** A creator's public profile (`GET /api/v1/creators/{username}`). */
export type Creator = {
  username: string;
  display_name: string;
  avatar_url: string | null;
  bio: string | null;
  template_count: number;
};

/** The API's page shape (`{items, total_count, has_more, current_page, total_pages}`). */
export type Paged<T> = {
  items: T[];
  total_count: number;
  has_more: boolean;
  current_page: number;
  total_pages: number;
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

/** `GET /api/v1/profiles/me`: the signed-in user's profile and credit balance. */
export type Profile = {
  id: string;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  subscription_status: string | null;
  subscription_plan: string | null;
  user_role: string | null;
  username: string | null;
  avatar: string | null;
  referral_code: string | null;
  /** The calendar's IANA time zone (Africa/Lagos until the user chooses another). */
  time_zone?: string;
  created_at: string;
  updated_at: string;
  /** The referral-credit ledger's balance. */
  credits: number;
};

/** One row of `site_settings`, as `GET /api/v1/site-settings` lists it. */
export type SiteSettingRecord = {
  setting_key: string;
  setting_value: unknown;
  updated_at: string | null;
  /** The id of the administrator who changed it last, or null for a default. */
  updated_by: string | null;
};

/** `GET /api/v1/site-settings`. */
export type SiteSettingsResponse = {
  settings: SiteSettingRecord[];
};

/** `PUT /api/v1/site-settings/{key}`. */
export type SiteSettingOut = {
  setting_key: string;
  setting_value: unknown;
  updated_at: string | null;
};

/** A footer link (the `footer_links` setting). */
export type FooterLink = {
  label: string;
  url: string;
};

/** A page of a listing (`{items, total_count, has_more, current_page, total_pages}`). */
export type Page<T> = {
  items: T[];
  total_count: number;
  has_more: boolean;
  current_page: number;
  total_pages: number;
};

/** One payment of `GET /api/v1/account/payments`. */
export type AccountPayment = {
  reference: string;
  amount_kobo: number;
  currency: string;
  status: string;
  paid_at: string | null;
  created_at: string;
};

/** `GET /api/v1/account/credits`: the referral-credit ledger. */
export type AccountCredits = {
  balance: number;
  entries: { amount: number; reason: string; created_at: string }[];
};

/** `GET /api/v1/account/subscription`. */
export type AccountSubscription = {
  plan: string | null;
  status: string | null;
  current_period_end: string | null;
  premium_business_model_enabled: boolean;
};

/** One referral of `GET /api/v1/referrals` (newest first). */
export type Referral = {
  id: string;
  referrer_id: string;
  status: string;
  credits_awarded: number;
  created_at: string;
};

/** One problem report (`/api/v1/problem-reports`). */
export type ProblemReport = {
  id: string;
  description: string;
  page_url: string;
  screenshot_key: string | null;
  /** Where the screenshot is served, if there is one. */
  screenshot_url: string | null;
  status: 'open' | 'resolved';
  user_id: string;
  user_email: string;
  created_at: string;
  updated_at: string;
  resolved_at: string | null;
  resolved_by: string | null;
};

/** One change of a site setting (`GET /api/v1/site-settings/changes`). */
export type SiteSettingChange = {
  setting_key: string;
  old_value: unknown;
  new_value: unknown;
  changed_by: string | null;
  changed_by_email: string | null;
  changed_at: string;
};
