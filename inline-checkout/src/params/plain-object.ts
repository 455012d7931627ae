/**
 * True for `{…}` literals, `Object.create(null)` and JSON-parsed objects, also when they come from
 * another frame (so no `instanceof Object`); false for arrays, null, class instances, Dates, Maps, etc.
 */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  if (Object.prototype.toString.call(value) !== '[object Object]') return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === null || Object.getPrototypeOf(proto) === null;
}
