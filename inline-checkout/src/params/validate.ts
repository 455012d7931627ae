/**
 * Type checks for transaction parameters (spec section 5, "Each field is type-checked"). Returns every
 * issue at once rather than stopping at the first. No DOM here (tsconfig.params.json).
 *
 * Scope: the input's shape, each given field's kind and the callbacks, whatever else is given. The
 * rules that decide what is sent (required fields, accessCode alone, the overrides, channels, split,
 * the referrer) are in prepare.ts.
 */
import { describeValue, NON_EMPTY_OBJECT } from '../errors';
import type { FieldIssue } from '../errors';
import { CALLBACK_NAMES, FIELDS } from './fields';
import type { FieldKind } from './fields';
import { normaliseWithSources } from './normalise';
import { isPlainObject } from './plain-object';

const EXPECTED: Readonly<Record<FieldKind, string>> = {
  string: 'a string',
  stringOrNumber: 'a string or a finite number',
  amount: 'a positive whole number of minor units (e.g. kobo)',
  flag: "true or false (or the string 'true' or 'false')",
  stringArray: 'an array of strings',
  array: 'an array',
  object: 'a plain object',
};

/** 'Invalid parameter type: {name}' (the spec's text), with what was expected and what arrived. */
export function typeIssue(path: string, key: string, expected: string, value: unknown): FieldIssue {
  return {
    path,
    message: `Invalid parameter type: ${key}`,
    detail: `expected ${expected}, got ${describeValue(value)}`,
  };
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** Issues for one field's value; `key` is the name the merchant used, `path` the canonical one. */
function checkField(path: string, key: string, kind: FieldKind, value: unknown): FieldIssue[] {
  const wrong = (): FieldIssue[] => [typeIssue(path, key, EXPECTED[kind], value)];
  switch (kind) {
    case 'string':
      return typeof value === 'string' ? [] : wrong();
    case 'stringOrNumber':
      return typeof value === 'string' || isFiniteNumber(value) ? [] : wrong();
    case 'amount':
      // Number.isSafeInteger also rules out NaN, ±Infinity and fractions.
      return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? [] : wrong();
    case 'flag':
      return typeof value === 'boolean' || value === 'true' || value === 'false' ? [] : wrong();
    case 'array':
      return Array.isArray(value) ? [] : wrong();
    case 'object':
      return isPlainObject(value) ? [] : wrong();
    case 'stringArray': {
      if (!Array.isArray(value)) return wrong();
      const items: unknown[] = value;
      return items.flatMap((item, index) =>
        typeof item === 'string' ? [] : [typeIssue(`${path}[${index}]`, `${key}[${index}]`, 'a string', item)],
      );
    }
  }
}

/**
 * The issue for an input that is not a plain object, or null when it is one. An empty object
 * passes here (as in the provider's script): `prepare` then names the required fields it lacks.
 */
export function shapeIssue(input: unknown): FieldIssue | null {
  if (isPlainObject(input)) return null;
  return { path: '', message: NON_EMPTY_OBJECT, detail: `got ${describeValue(input)}` };
}

/**
 * Lists what is wrong with the kinds of merchant parameters (raw, as the merchant passed them). An
 * empty list means every given field has the right kind. Paths use canonical camelCase names
 * (`firstName`, `channels[1]`, `onSuccess`; '' for the input itself); messages name the key as the
 * merchant spelt it. Issues come in the caller's key order (the order of `Object.keys(input)`, as
 * the provider's script walks the parameters), the items of one array in index order.
 */
export function validate(input: unknown): FieldIssue[] {
  const shape = shapeIssue(input);
  if (shape !== null) return [shape];
  const { params, callbacks, sources } = normaliseWithSources(input);
  const issues: FieldIssue[] = [];
  for (const spec of FIELDS) {
    const value = params[spec.name];
    if (value === undefined) continue;
    issues.push(...checkField(spec.name, sources[spec.name] ?? spec.name, spec.kind, value));
  }
  for (const name of CALLBACK_NAMES) {
    const value = callbacks[name];
    if (value !== undefined && typeof value !== 'function') {
      issues.push(typeIssue(name, name, 'a function', value));
    }
  }
  const order = Object.keys(input as object);
  const position = (issue: FieldIssue): number => {
    const name = issue.path.split('[')[0] as keyof typeof sources;
    return order.indexOf(sources[name] ?? name);
  };
  // Array.prototype.sort is stable: the items of one array keep their index order.
  return issues.sort((a, b) => position(a) - position(b));
}
