/**
 * The script's one error type. Every failure the script reports to a merchant is a CheckoutError
 * with a machine-readable `code`; messages say what was expected and what arrived.
 *
 * No DOM here: this module is typechecked without the DOM library (tsconfig.params.json).
 */

/** One problem with one parameter. `path` is the canonical camelCase name ('' for the whole input). */
export interface FieldIssue {
  readonly path: string;
  readonly message: string;
}

/**
 * Machine-readable error codes. Only the ones this stage raises exist; the popup issue adds its own
 * (setup errors from the server, Apple Pay, missing container, …) rather than guessing them now.
 */
export type CheckoutErrorCode = 'invalid_params';

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

/** The aggregate error the spec names: 'Invalid transaction parameters', carrying every issue at once. */
export function invalidParams(issues: readonly FieldIssue[]): CheckoutError {
  const details = issues.map((issue) => issue.message).join('; ');
  return new CheckoutError('invalid_params', `Invalid transaction parameters: ${details}`, issues);
}

/**
 * Describes what arrived, for "expected X, got Y" messages. Values are named by kind only, plus the
 * value itself for numbers and booleans: strings are not echoed (they may be a customer's personal
 * data, and message text must be identical in the Python port, which escapes strings differently).
 */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (Array.isArray(value)) return 'an array';
  switch (typeof value) {
    case 'string':
      return value === '' ? 'an empty string' : 'a string';
    case 'number':
      if (Number.isNaN(value)) return 'NaN';
      if (!Number.isFinite(value)) return value > 0 ? 'Infinity' : '-Infinity';
      return `the number ${String(value)}`;
    case 'boolean':
      return `the boolean ${String(value)}`;
    case 'function':
      return 'a function';
    case 'bigint':
      return 'a bigint';
    case 'symbol':
      return 'a symbol';
    default:
      return 'an object';
  }
}
