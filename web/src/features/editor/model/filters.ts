/**
 * The format's `filters` object (image filters keyed by name) as the editor draws it: only
 * `contrast`, an intensity from -1 to 1, stored as `{ contrast: { intensity } }` and read also as
 * a bare number (the server's model, `domain/document.py`, reads the same two forms). Other
 * filters are kept untouched.
 */
import type { DesignElement } from './document';

/** The element's contrast from -1 to 1 (0 when it has none). */
export function contrastOf(element: Pick<DesignElement, 'filters'>): number {
  const entry = element.filters?.contrast;
  const value = typeof entry === 'object' && entry !== null ? (entry as { intensity?: unknown }).intensity : entry;
  return typeof value === 'number' && Number.isFinite(value) ? Math.max(-1, Math.min(1, value)) : 0;
}

/** The patch that sets the element's contrast, keeping its other filters (0 removes it). */
export function contrastPatch(element: Pick<DesignElement, 'filters'>, contrast: number): Pick<DesignElement, 'filters'> {
  const rest = { ...(element.filters ?? {}) };
  delete rest.contrast;
  const clamped = Math.max(-1, Math.min(1, contrast));
  if (clamped !== 0) rest.contrast = { intensity: clamped };
  return { filters: Object.keys(rest).length > 0 ? rest : undefined };
}

/** Konva's `contrast` attribute (-100 to 100) for the element's contrast. */
export function konvaContrast(element: Pick<DesignElement, 'filters'>): number {
  return contrastOf(element) * 100;
}
