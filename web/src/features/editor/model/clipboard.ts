/**
 * Copy and paste of elements, also between designs and tabs: the copied elements are kept in
 * localStorage under one key as `{version, elements}`.
 */
import type { DesignElement } from './document';

export const CLIPBOARD_KEY = 'designcore.editor.clipboard';
const VERSION = 1;

type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;

function defaultStorage(): StorageLike | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** Keeps copies of the elements for a later paste (here or in another design). */
export function copyElements(elements: readonly DesignElement[], storage: StorageLike | null = defaultStorage()): void {
  if (!storage || elements.length === 0) return;
  try {
    storage.setItem(CLIPBOARD_KEY, JSON.stringify({ version: VERSION, elements }));
  } catch (error) {
    console.error('Could not keep the copied elements', error);
  }
}

function isElement(value: unknown): value is DesignElement {
  if (typeof value !== 'object' || value === null) return false;
  const e = value as Record<string, unknown>;
  return (
    typeof e.id === 'string' &&
    typeof e.type === 'string' &&
    typeof e.x === 'number' &&
    typeof e.y === 'number' &&
    typeof e.width === 'number' &&
    typeof e.height === 'number'
  );
}

/** The copied elements, or none when nothing (or something unreadable) was copied. */
export function readClipboard(storage: StorageLike | null = defaultStorage()): DesignElement[] {
  if (!storage) return [];
  try {
    const raw = storage.getItem(CLIPBOARD_KEY);
    if (!raw) return [];
    const parsed = JSON.parse(raw) as { version?: unknown; elements?: unknown };
    if (parsed.version !== VERSION || !Array.isArray(parsed.elements)) return [];
    return parsed.elements.filter(isElement);
  } catch {
    return [];
  }
}
