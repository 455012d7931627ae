/**
 * Transaction parameter normalisation (spec section 3): every accepted name and alias, camelCase or
 * snake_case, becomes one canonical camelCase object; callbacks are collected apart from the data.
 *
 * Normalising never throws and never judges types: wrong values are carried through unchanged so
 * that `validate` can name them. No DOM here (tsconfig.params.json).
 */
import { CALLBACK_NAMES, FIELDS } from './fields';
import type { CallbackName, ParamName } from './fields';
import { isPlainObject } from './plain-object';

/** Canonical data fields with their values as given (not yet type-checked). */
export type NormalisedParams = { [K in ParamName]?: unknown };

/** Callbacks as given (not yet checked to be functions). */
export type NormalisedCallbacks = { [K in CallbackName]?: unknown };

export interface Normalised {
  readonly params: NormalisedParams;
  readonly callbacks: NormalisedCallbacks;
  /**
   * Keys that were given but not used, in input order: unknown names (the spec drops them) and extra
   * names for a field already given under a name of higher precedence (e.g. `ref` beside
   * `reference`). Kept so the popup can warn about a misspelt parameter instead of dropping it silently.
   */
  readonly ignored: readonly string[];
}

/** Where a canonical field's value came from: the key as the merchant spelt it. */
export interface Sourced extends Normalised {
  readonly sources: { readonly [K in ParamName | CallbackName]?: string };
}

const FIELD_BY_NAME: ReadonlyMap<string, { readonly field: ParamName; readonly rank: number }> =
  new Map(
    FIELDS.flatMap((spec) => spec.names.map((name, rank) => [name, { field: spec.name, rank }] as const)),
  );

const CALLBACKS: ReadonlySet<string> = new Set(CALLBACK_NAMES);

/**
 * `null` and `undefined` count as "not given" (decision: the spec is silent; merchants commonly pass
 * `phone: null` or `metadata: undefined` for an optional field, and treating those as absent lets an
 * alias with a value still apply and keeps `null` out of the request body).
 */
function isGiven(value: unknown): boolean {
  return value !== null && value !== undefined;
}

/** Like `normalise`, also telling which key each field was read from (for messages in `validate`). */
export function normaliseWithSources(input: unknown): Sourced {
  const params: Record<string, unknown> = {};
  const callbacks: Record<string, unknown> = {};
  const sources: Record<string, string> = {};
  const ranks: Record<string, number> = {};
  const ignored: string[] = [];
  // A non-object input normalises to nothing; `validate` reports it.
  if (!isPlainObject(input)) return { params, callbacks, ignored, sources };

  // Own enumerable string keys only: inherited and symbol-keyed properties are not parameters.
  // The canonical keys are written into a fresh object, so `__proto__` and friends are just unknown.
  for (const key of Object.keys(input)) {
    const value = input[key];
    if (CALLBACKS.has(key)) {
      if (isGiven(value)) {
        callbacks[key] = value;
        sources[key] = key;
      }
      continue;
    }
    const known = FIELD_BY_NAME.get(key);
    if (known === undefined) {
      ignored.push(key);
      continue;
    }
    if (!isGiven(value)) continue;
    const { field, rank } = known;
    const previous = ranks[field];
    if (previous === undefined || rank < previous) {
      const loser = sources[field];
      if (loser !== undefined) ignored.push(loser);
      params[field] = value;
      sources[field] = key;
      ranks[field] = rank;
    } else {
      ignored.push(key);
    }
  }
  // Report ignored keys in input order whatever order precedence resolved them in.
  const order = Object.keys(input);
  ignored.sort((a, b) => order.indexOf(a) - order.indexOf(b));
  return { params, callbacks, ignored, sources };
}

/**
 * Maps merchant parameters to the canonical camelCase names. Values are not copied: `metadata`,
 * `split`, `channels` and `connectSplit` are the merchant's own objects (nothing here mutates them).
 */
export function normalise(input: unknown): Normalised {
  const { params, callbacks, ignored } = normaliseWithSources(input);
  return { params, callbacks, ignored };
}
