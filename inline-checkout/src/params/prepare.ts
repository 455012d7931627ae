/**
 * From merchant parameters to what is sent (spec section 5 and the provider's script): the checks
 * that decide whether a transaction can start, then the request body and headers. Pure: the page
 * URL and ancestor origins come in as arguments. No DOM here (tsconfig.params.json).
 *
 * The merchant's object is never changed: normalising copies the canonical fields into a fresh
 * object, and metadata and split are serialised from copies. (The provider's script deleted unknown
 * keys from the caller's object and wrote the referrer into the caller's metadata.)
 */
import { invalidParams } from '../errors';
import type { FieldIssue } from '../errors';
import { CALLBACK_NAMES, FIELDS } from './fields';
import type { Callbacks, ParamName, TransactionParams } from './fields';
import { normaliseWithSources } from './normalise';
import { withReferrer } from './referrer';
import { shapeIssue, validate } from './validate';

/** Where the page showing the checkout is: `location.href` and `location.ancestorOrigins`. */
export interface PageContext {
  readonly url: string;
  readonly ancestorOrigins: readonly string[];
}

export interface PreparedTransaction {
  /** Set when the parameters name an existing transaction: then nothing else is used. */
  readonly accessCode: string | null;
  /** The canonical parameters in effect (after the overrides; card and bank applied to channels). */
  readonly params: TransactionParams;
  readonly callbacks: Callbacks;
  /** Keys given but not used, in input order (unknown names, lower-precedence aliases, and with an accessCode every other field). */
  readonly ignored: readonly string[];
  /**
   * What is posted: the `checkout/request_inline` body and the checkout frame's `inline:url`
   * params, under the provider's wire names; `{accessCode}` for an existing transaction.
   */
  readonly body: Readonly<Record<string, unknown>>;
  /** Request headers: Content-Type, and Accept-Language / x-connect-account when given. */
  readonly headers: Readonly<Record<string, string>>;
}

/** Required fields and what stands in for them (section 5): amount unless a plan, email unless a customer. */
const REQUIRED: readonly (readonly [ParamName, ParamName | null])[] = [
  ['key', null],
  ['amount', 'planCode'],
  ['email', 'customerCode'],
];

/**
 * With an accessCode, only these are checked and kept: the language still reaches the checkout
 * frame (`{accessCode, language}`) and verify_access_code (as Accept-Language).
 */
const RESUME_PATHS: ReadonlySet<string> = new Set<string>(['accessCode', 'language', ...CALLBACK_NAMES]);

/** Given and not the empty string: what counts as present for the required and override rules. */
function present(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '';
}

function isOff(flag: unknown): boolean {
  return flag === false || flag === 'false';
}

/**
 * Checks merchant parameters and says what to send, or throws a CheckoutError 'invalid_params':
 * 'Transaction parameters should be a non-empty object' (no issues) for anything but an object, or
 * 'Invalid transaction parameters' with every issue (required fields first, in the order key,
 * amount, email; then type issues in the caller's key order). An empty object is refused with
 * its three required fields, as the provider's script refuses it.
 *
 * Decisions where the spec and the provider's script are silent or wrong:
 * - an empty string counts as missing for required fields, and does not trigger accessCode,
 *   planCode or customerCode (the provider tested truthiness);
 * - with an accessCode only the accessCode, the language and the callbacks are checked and kept
 *   (the language goes to the frame with the access code and to verify_access_code as
 *   Accept-Language);
 * - card=false and bank=false both given: bank's rule is applied last, so channels is ['card'],
 *   as in the provider's script; card and bank themselves are never posted;
 * - metadata is always posted (at least `{referrer}`), as JSON text; split as JSON text;
 * - `mode: 'popup'` is added, as the provider's script does.
 */
export function prepare(input: unknown, page: PageContext): PreparedTransaction {
  const shape = shapeIssue(input);
  if (shape !== null) throw invalidParams([shape]);
  const { params, callbacks, sources, ignored } = normaliseWithSources(input);
  const typeIssues = validate(input);

  const accessCode = params.accessCode;
  if (present(accessCode)) {
    const issues = typeIssues.filter((issue) => RESUME_PATHS.has(issue.path));
    if (issues.length > 0) throw invalidParams(issues);
    const order = Object.keys(input as object);
    const unused = Object.keys(params)
      .filter((name) => !RESUME_PATHS.has(name))
      .map((name) => sources[name as ParamName] ?? name);
    const allIgnored = [...ignored, ...unused].sort((a, b) => order.indexOf(a) - order.indexOf(b));
    const resumed = typeof params.language === 'string' ? { accessCode, language: params.language } : { accessCode };
    return {
      accessCode: accessCode as string,
      params: resumed as TransactionParams,
      callbacks: callbacks as Callbacks,
      ignored: allIgnored,
      body: resumed,
      headers: headersOf(resumed),
    };
  }

  const typed = new Set(typeIssues.map((issue) => issue.path.split('[')[0]));
  const required: FieldIssue[] = [];
  for (const [name, standIn] of REQUIRED) {
    if (present(params[name]) || typed.has(name)) continue;
    if (standIn !== null && present(params[standIn])) continue;
    required.push({ path: name, message: `Required parameter missing: ${name}` });
  }
  const issues = [...required, ...typeIssues];
  if (issues.length > 0) throw invalidParams(issues);

  const effective: Record<string, unknown> = { ...params };
  if (present(effective.planCode)) delete effective.amount;
  if (present(effective.customerCode)) delete effective.email;
  if (isOff(effective.card)) effective.channels = ['bank'];
  if (isOff(effective.bank)) effective.channels = ['card'];
  delete effective.card;
  delete effective.bank;

  const body: Record<string, unknown> = {};
  for (const spec of FIELDS) {
    const value = effective[spec.name];
    if (spec.wire === null || value === undefined) continue;
    body[spec.wire] = spec.name === 'split' ? JSON.stringify(value) : value;
  }
  const metadata = effective.metadata as Record<string, unknown> | undefined;
  body.metadata = JSON.stringify(withReferrer(metadata, page.url, page.ancestorOrigins));
  body.mode = 'popup';

  return {
    accessCode: null,
    params: effective as TransactionParams,
    callbacks: callbacks as Callbacks,
    ignored,
    body,
    headers: headersOf(effective),
  };
}

/** Content-Type, and Accept-Language / x-connect-account when the parameters give them. */
function headersOf(params: Readonly<Record<string, unknown>>): Record<string, string> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (typeof params.language === 'string') headers['Accept-Language'] = params.language;
  if (typeof params.connectAccount === 'string') headers['x-connect-account'] = params.connectAccount;
  return headers;
}
