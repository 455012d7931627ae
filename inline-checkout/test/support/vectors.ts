/**
 * Loads the shared contract vectors in /tests/contract/vectors (the Python side loads the same
 * files). Functions cannot be written in JSON, so the string "<function>" stands for one.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export const FUNCTION_MARK = '<function>';

export const VECTORS_DIR = resolve(__dirname, '../../../tests/contract/vectors');

export interface VectorFile<Case> {
  readonly description: string;
  /** checkout-params.json: the page URL of cases that give none. */
  readonly defaultPageUrl: string;
  readonly cases: readonly Case[];
}

/** One case of checkout-params.json (see its description). */
export interface ParamsCase {
  readonly name: string;
  readonly input: unknown;
  readonly pageUrl?: string;
  readonly ancestorOrigins?: string[];
  readonly normalised: unknown;
  readonly issues: unknown;
  readonly prepared?: unknown;
  readonly error?: unknown;
}

export function loadVectors<Case>(fileName: string): VectorFile<Case> {
  return JSON.parse(readFileSync(resolve(VECTORS_DIR, fileName), 'utf8')) as VectorFile<Case>;
}

/** Replaces every "<function>" (at any depth) with a fresh jest.fn(). */
export function reviveFunctions(value: unknown): unknown {
  if (value === FUNCTION_MARK) return jest.fn();
  if (Array.isArray(value)) return value.map(reviveFunctions);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, reviveFunctions(item)]));
  }
  return value;
}

/** Replaces every function (at any depth) with "<function>", for comparing with a vector. */
export function markFunctions(value: unknown): unknown {
  if (typeof value === 'function') return FUNCTION_MARK;
  if (Array.isArray(value)) return value.map(markFunctions);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, markFunctions(item)]));
  }
  return value;
}
