/**
 * Shapes of the HTTP API under the names the app uses: aliases onto the types generated from
 * the server's API document (`api-generated.ts`, `npm run api-types`), so the app and the server
 * cannot drift. Template objects keep the table's snake_case names.
 */
import type { components } from './api-generated';

type Schemas = components['schemas'];

/** A template as every listing and preview returns it (no editor document). */
export type Template = Schemas['TemplateOut'];

/** `GET /api/v1/templates`, `/templates/search`: one page of a listing. */
export type TemplatePage = Schemas['PageOut'];

/** A category (or sub-category) and its URL slug. */
export type Category = Schemas['schemas_CategoryOut'];

/** `GET /api/v1/categories/{slug}`. */
export type CategoryDetail = Schemas['CategoryDetailOut'];

/** A creator's public profile (`GET /api/v1/creators/{username}`). */
export type Creator = Schemas['CreatorOut'];

/** The API's page shape (`{items, total_count, has_more, current_page, total_pages}`). */
export type Paged<T> = Omit<Schemas['CreatorPageOut'], 'items'> & { items: T[] };

/** A page of a listing (`{items, total_count, has_more, current_page, total_pages}`). */
export type Page<T> = Paged<T>;

/** One row of the home screen: a category and its newest templates. */
export type HomeRow = Schemas['HomeRowOut'];

/** `GET /api/v1/templates/home`. */
export type HomeRowsResponse = Schemas['HomeOut'];

/** One field-level problem in a validation error. */
export type FieldIssue = Schemas['FieldIssue'];

/** The body of every error answer. */
export type ErrorBody = Schemas['Error'];

/** `GET /api/v1/profiles/me`: the signed-in user's profile and credit balance. */
export type Profile = Schemas['ProfileOut'];

/** One row of `site_settings`, as `GET /api/v1/site-settings` lists it. */
export type SiteSettingRecord = Schemas['SettingRecordOut'];

/** `GET /api/v1/site-settings`. */
export type SiteSettingsResponse = Schemas['schemas_SettingsOut'];

/** `PUT /api/v1/site-settings/{key}`. */
export type SiteSettingOut = Schemas['SettingOut'];

/** A footer link (the `footer_links` setting, whose value the API leaves open). */
export type FooterLink = {
  label: string;
  url: string;
};

/** One payment of `GET /api/v1/account/payments`. */
export type AccountPayment = Schemas['account_PaymentOut'];

/** `GET /api/v1/account/credits`: the referral-credit ledger. */
export type AccountCredits = Schemas['CreditsOut'];

/** `GET /api/v1/account/subscription`. */
export type AccountSubscription = Schemas['SubscriptionOut'];

/** One referral of `GET /api/v1/referrals` (newest first). */
export type Referral = Schemas['ReferralOut'];

/** One problem report (`/api/v1/problem-reports`). */
export type ProblemReport = Schemas['ProblemReportOut'];

/** One change of a site setting (`GET /api/v1/site-settings/changes`). */
export type SiteSettingChange = Schemas['SettingChangeOut'];

/** What the Logo Maker's form offers (`GET /api/v1/logo-maker`). */
export type LogoMakerForm = Schemas['LogoMakerOut'];

/** One logo drawn with a brand kit (`POST /api/v1/logo-maker/previews`); `image` is a `data:image/webp` URL. */
export type LogoPreview = Schemas['LogoPreviewOut'];

/** A background job (`GET /api/v1/jobs/{id}`): a large download made after the request. */
export type Job = Schemas['JobOut'];

/** Where a job stands. */
export type JobState = Job['state'];

/** `POST /api/v1/prompts/designs` (and `/regenerate`): four designs filled from a prompt. */
export type PromptDesigns = Schemas['PromptDesignsOut'];

/** One of a prompt's designs: its template, a card preview and the fields filled. */
export type PromptedDesign = Schemas['PromptedDesignOut'];

/** One detail understood from a prompt (`date`, `venue`, `phone`, …) and where it was read. */
export type UnderstoodField = Schemas['UnderstoodFieldOut'];

/** What the prompt asks for: `{prompt, format?, fields?}`. */
export type PromptDesignsRequest = Schemas['PromptDesignsIn'];
