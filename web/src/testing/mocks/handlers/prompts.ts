import { http, HttpResponse } from 'msw';

import type { ErrorBody, PromptDesigns, PromptedDesign, UnderstoodField } from '@/types/api';

import { mockId } from '../auth-db';
import { apiPath } from './api-path';
import { bearer } from './auth';

/**
 * Design prompting as docs/api.md describes it (`/api/v1/prompts/designs`): a prompt answers
 * four filled designs and what was understood; `/regenerate` the next four (nothing more after
 * the last, `has_more` false); `/choose` a saved design (201). Visitors get 3 prompts
 * (`401 sign_in_required` after), free members 5 and then a credit each (`409
 * insufficient_credits` without one), premium members are unlimited. Details are read by a few
 * patterns (date, venue, town, phone, age) instead of the server's rules.
 */

export const VISITOR_PROMPTS = 3;
export const FREE_PROMPTS = 5;
const PER_ROUND = 4;
const ROUNDS = 3;

type Run = { id: string; owner: string | null; prompt: string; fields: UnderstoodField[]; corrections: Record<string, string>; round: number };

export const promptsDb = {
  runs: new Map<string, Run>(),
  /** Prompts counted per visitor (one, the test's) or per member id. */
  counted: new Map<string, number>(),
  /** Every request body, in order, for tests to assert what was sent. */
  bodies: [] as Array<{ path: string; body: unknown }>,
  chosen: [] as Array<{ designId: string; templateId: string; fields: Record<string, string> }>,
  /** While set, prompts and regenerations wait for it (to see the drawing state). */
  hold: null as Promise<void> | null,
  reset() {
    this.hold = null;
    this.runs = new Map();
    this.counted = new Map();
    this.bodies = [];
    this.chosen = [];
  },
};

function apiError(status: number, code: string, message: string) {
  return HttpResponse.json<ErrorBody>({ status, code, message }, { status });
}

const LABELS: Record<string, string> = { age: 'Age', date: 'Date', venue: 'Venue', location: 'Town', phone: 'Phone' };
const PATTERNS: Array<[string, RegExp]> = [
  ['age', /\b(\d{1,3})(?:st|nd|rd|th)\b/],
  ['date', /\b((?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day \d{1,2} [A-Z][a-z]+)/],
  ['venue', /\bat ([A-Z][\w']*(?: [A-Z][\w']*)*)/],
  ['location', /, (Lagos|Abuja|Ibadan|Enugu|Kano)\b/],
  ['phone', /\b(0\d{3} ?\d{3} ?\d{4})\b/],
];

function understand(prompt: string): UnderstoodField[] {
  const fields: UnderstoodField[] = [];
  for (const [key, pattern] of PATTERNS) {
    const match = pattern.exec(prompt);
    if (!match?.[1]) continue;
    const start = match.index + match[0].indexOf(match[1]);
    fields.push({ key, label: LABELS[key] ?? key, value: match[1], start, end: start + match[1].length });
  }
  return fields;
}

function understood(run: Run): UnderstoodField[] {
  return run.fields
    .map((field) =>
      field.key in run.corrections ? { ...field, value: run.corrections[field.key] ?? '', start: null, end: null } : field,
    )
    .filter((field) => field.value !== '');
}

function design(run: Run, index: number): PromptedDesign {
  return {
    template_id: `tpl-${index + 1}`,
    name: `Birthday Flyer ${index + 1}`,
    category: 'Birthdays',
    sub_category: '60th',
    is_premium: index === 1,
    preview_url: `/api/v1/prompts/previews/${String(index).padStart(64, 'a')}.webp`,
    // The server lists them in the template's order, not the chips'.
    filled: understood(run).map((field) => field.key).reverse(),
  };
}

function answer(run: Run, designs: PromptedDesign[], creditsSpent: number, message: string | null = null): PromptDesigns {
  const matched = /birthday/i.test(run.prompt);
  return {
    id: run.id,
    round: run.round,
    understood: { category: matched ? 'Birthdays' : null, sub_category: matched ? '60th' : null, format: 'flyer', fields: understood(run), source: 'rules' },
    designs,
    matched,
    message: message ?? (matched ? null : 'we could not tell what this is for: here are our most popular designs'),
    has_more: run.round + 1 < ROUNDS,
    credits_spent: creditsSpent,
  };
}

/** Counts a prompt for the caller; answers the credits it cost, or the refusal. */
function allow(request: Request): number | Response {
  const caller = bearer(request);
  const who = caller?.user.id ?? 'visitor';
  const count = (promptsDb.counted.get(who) ?? 0) + 1;
  if (!caller) {
    if (count > VISITOR_PROMPTS) return apiError(401, 'sign_in_required', `you have tried ${VISITOR_PROMPTS} prompts today: sign in for more`);
    promptsDb.counted.set(who, count);
    return 0;
  }
  if (caller.user.profile.subscription_status === 'active') return 0;
  if (count > FREE_PROMPTS) {
    if (caller.user.credits < 1) {
      return apiError(409, 'insufficient_credits', `you have used today's ${FREE_PROMPTS} free prompts and have no credits: upgrade to Premium for more`);
    }
    caller.user.credits -= 1;
    promptsDb.counted.set(who, count);
    return 1;
  }
  promptsDb.counted.set(who, count);
  return 0;
}

function checkFields(raw: unknown): Record<string, string> | Response {
  if (raw === undefined || raw === null) return {};
  if (typeof raw !== 'object' || Array.isArray(raw)) return apiError(400, 'validation_error', 'fields must be an object');
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (typeof value !== 'string' || value.length > 200) return apiError(400, 'validation_error', `fields.${key} must be text of 200 characters at most`);
    fields[key] = value;
  }
  return fields;
}

function ownRun(request: Request, id: string): Run | Response {
  const run = promptsDb.runs.get(id);
  const caller = bearer(request)?.user.id ?? null;
  if (!run || (run.owner !== null && run.owner !== caller)) return apiError(404, 'prompt_run_not_found', 'no such prompt');
  return run;
}

export const promptsHandlers = [
  http.post(apiPath('/prompts/designs'), async ({ request }) => {
    const body = (await request.json()) as { prompt?: unknown; format?: unknown; fields?: unknown };
    promptsDb.bodies.push({ path: '/prompts/designs', body });
    await promptsDb.hold;
    if (typeof body.prompt !== 'string' || !body.prompt.trim() || body.prompt.length > 1000) {
      return apiError(400, 'validation_error', 'prompt must be 1 to 1000 characters');
    }
    const fields = checkFields(body.fields);
    if (fields instanceof Response) return fields;
    const spent = allow(request);
    if (spent instanceof Response) return spent;
    const run: Run = { id: mockId('prompt-run-0123456789'), owner: bearer(request)?.user.id ?? null, prompt: body.prompt, fields: understand(body.prompt), corrections: fields, round: 0 };
    promptsDb.runs.set(run.id, run);
    return HttpResponse.json(answer(run, Array.from({ length: PER_ROUND }, (_, n) => design(run, n)), spent));
  }),

  http.post(apiPath('/prompts/designs/:id/regenerate'), async ({ request, params }) => {
    const text = await request.text();
    const body = (text ? JSON.parse(text) : {}) as { fields?: unknown };
    promptsDb.bodies.push({ path: '/regenerate', body });
    await promptsDb.hold;
    const run = ownRun(request, String(params.id));
    if (run instanceof Response) return run;
    const fields = checkFields(body.fields);
    if (fields instanceof Response) return fields;
    run.corrections = { ...run.corrections, ...fields };
    if (run.round + 1 >= ROUNDS) {
      return HttpResponse.json({ ...answer(run, [], 0, 'those are all the designs for this prompt: try describing it another way'), has_more: false });
    }
    const spent = allow(request);
    if (spent instanceof Response) return spent;
    run.round += 1;
    return HttpResponse.json(answer(run, Array.from({ length: PER_ROUND }, (_, n) => design(run, run.round * PER_ROUND + n)), spent));
  }),

  http.post(apiPath('/prompts/designs/:id/choose'), async ({ request, params }) => {
    const body = (await request.json()) as { template_id?: unknown; fields?: unknown };
    promptsDb.bodies.push({ path: '/choose', body });
    const caller = bearer(request);
    if (!caller) return apiError(401, 'sign_in_required', 'sign in to open a design in the editor');
    const run = ownRun(request, String(params.id));
    if (run instanceof Response) return run;
    const fields = checkFields(body.fields);
    if (fields instanceof Response) return fields;
    if (typeof body.template_id !== 'string' || !/^tpl-\d+$/.test(body.template_id)) {
      return apiError(404, 'template_not_offered', `the template ${JSON.stringify(body.template_id)} was not offered for this prompt`);
    }
    if (body.template_id === 'tpl-2' && caller.user.profile.subscription_status !== 'active') {
      return apiError(402, 'upgrade_required', 'this template is part of Premium');
    }
    run.owner = caller.user.id;
    const designId = mockId('design');
    promptsDb.chosen.push({ designId, templateId: body.template_id, fields: { ...run.corrections, ...fields } });
    return HttpResponse.json({ id: designId, name: run.prompt.split(' ').slice(0, 8).join(' '), version: 2 }, { status: 201 });
  }),

  http.get(apiPath('/prompts/previews/:name'), () => new HttpResponse(new Uint8Array([0x52, 0x49, 0x46, 0x46]), { headers: { 'Content-Type': 'image/webp' } })),
];
