/** Parameter handling: normalise, validate, parse, and the metadata referrer rule. No DOM here. */
import { invalidParams } from '../errors';
import type { Callbacks, TransactionParams } from './fields';
import { normalise } from './normalise';
import { validate } from './validate';

export { CALLBACK_NAMES, FIELDS } from './fields';
export type { Callback, CallbackName, Callbacks, FieldKind, FieldSpec, ParamName, TransactionParams } from './fields';
export { normalise } from './normalise';
export type { Normalised, NormalisedCallbacks, NormalisedParams } from './normalise';
export { validate } from './validate';
export { REFERRER_TRIM_THRESHOLD, trimUrl, withReferrer } from './referrer';

export interface ParsedParams {
  readonly params: TransactionParams;
  readonly callbacks: Callbacks;
  readonly ignored: readonly string[];
}

/**
 * Normalises and validates in one step: the typed parameters, or a CheckoutError with code
 * 'invalid_params' carrying every issue.
 */
export function parseParams(input: unknown): ParsedParams {
  const issues = validate(input);
  if (issues.length > 0) throw invalidParams(issues);
  const { params, callbacks, ignored } = normalise(input);
  // validate() has checked every field against the kinds TransactionParams and Callbacks declare.
  return { params: params as TransactionParams, callbacks: callbacks as Callbacks, ignored };
}
