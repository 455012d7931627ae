/** Parameter handling: normalise, validate, prepare, and the metadata referrer rule. No DOM here. */
export { CALLBACK_NAMES, FIELDS } from './fields';
export type { Callback, CallbackName, Callbacks, FieldKind, FieldSpec, ParamName, TransactionParams } from './fields';
export { normalise } from './normalise';
export type { Normalised, NormalisedCallbacks, NormalisedParams } from './normalise';
export { validate } from './validate';
export { prepare } from './prepare';
export type { PageContext, PreparedTransaction } from './prepare';
export { REFERRER_TRIM_THRESHOLD, trimUrl, withReferrer } from './referrer';
