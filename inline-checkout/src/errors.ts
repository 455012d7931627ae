/**
 * The script's one error type. Every failure the script reports to a merchant is a CheckoutError
 * with a machine-readable `code`. Messages are the spec's exact texts; what was expected and what
 * arrived goes in each issue's `detail`, so the texts stay exact and the reason stays visible.
 *
 * No DOM here: this module is typechecked without the DOM library (tsconfig.params.json).
 */

/** One problem with one parameter. `path` is the canonical camelCase name ('' for the whole input). */
export interface FieldIssue {
  readonly path: string;
  /** The spec's text: 'Required parameter missing: email', 'Invalid parameter type: amount', … */
  readonly message: string;
  /** What was expected and what arrived ('expected a string, got the number 5'); absent when the message says it all. */
  readonly detail?: string;
}

/**
 * Machine-readable error codes:
 * - invalid_params: the transaction parameters broke a rule (section 5); `issues` lists them;
 * - setup: the server refused (`status: false`) or could not be reached; the message is its word;
 * - container_required: a payment request button without a container element;
 * - button_missing: auto-setup's buttonId names no element;
 * - apple_pay: an Apple Pay step could not start ('Could not initiate apple pay transaction').
 */
export type CheckoutErrorCode = 'invalid_params' | 'setup' | 'container_required' | 'button_missing' | 'apple_pay';

export class CheckoutError extends Error {
  override readonly name = 'CheckoutError';
  readonly code: CheckoutErrorCode;
  /** Per-field problems; empty for errors that are not about parameters. */
  readonly issues: readonly FieldIssue[];

  constructor(code: CheckoutErrorCode, message: string, issues: readonly FieldIssue[] = []) {
    super(message);
    this.code = code;
    this.issues = issues;
  }
}

export const NON_EMPTY_OBJECT = 'Transaction parameters should be a non-empty object';
export const INVALID_PARAMS = 'Invalid transaction parameters';

/**
 * The aggregate error of section 5: 'Invalid transaction parameters' carrying every issue at once,
 * or, when the input is not an object at all, 'Transaction parameters should be a non-empty object'
 * with no issues (as the provider's script throws it: there is no field to name). An empty object
 * is an object: it gets the aggregate error with the required fields it lacks.
 */
export function invalidParams(issues: readonly FieldIssue[]): CheckoutError {
  const whole = issues.length === 1 && issues[0]?.path === '';
  return new CheckoutError('invalid_params', whole ? NON_EMPTY_OBJECT : INVALID_PARAMS, whole ? [] : issues);
}

/**
 * Describes what arrived, for "expected X, got Y" details. Values are named by kind only, plus the
 * value itself for numbers and booleans: strings are not echoed (they may be a customer's personal
 * data, and the text must be identical in the Python port, which escapes strings differently).
 */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  switch (typeof value) {
    case 'undefined':
      return 'undefined';
    case 'string':
      return value === '' ? 'an empty string' : 'a string';
    case 'number':
      if (Number.isNaN(value)) return 'NaN';
      if (!Number.isFinite(value)) return value > 0 ? 'Infinity' : '-Infinity';
      return `the number ${value}`;
    case 'boolean':
      return `the boolean ${value}`;
    case 'object':
      return 'an object';
    default:
      // 'a function', 'a bigint', 'a symbol'
      return `a ${typeof value}`;
  }
}
