/**
 * The template's `field_requirements` as a form: each text field names the element its value
 * goes into. Filling a field writes the text of that element (the form and the canvas edit the
 * same text, so the form always shows what the canvas has).
 */
import { findElement, type DesignDocument, type DesignElement } from './document';

/** One field of a template (the API's `field_requirements` item). */
export type FieldRequirement = {
  key: string;
  label: string;
  element_id: string;
  kind?: 'text' | 'image';
  required?: boolean;
  max_length?: number | null;
};

export type FormField = FieldRequirement & {
  /** The element's current text ('' for an image field or a missing element). */
  value: string;
  /** Whether the element is still in the document. */
  present: boolean;
};

/** The fields whose element is in the document, with the element's current text. */
export function formFields(doc: DesignDocument, requirements: readonly FieldRequirement[]): FormField[] {
  return requirements.flatMap((requirement) => {
    const found = findElement(doc, requirement.element_id);
    if (!found) return [];
    const kind = requirement.kind ?? 'text';
    const value = kind === 'text' ? String(found.element.text ?? '') : String(found.element.src ?? '');
    return [{ ...requirement, kind, value, present: true }];
  });
}

/** The patch that fills a field (cut to its longest allowed length). */
export function fillField(requirement: FieldRequirement, value: string): Partial<DesignElement> {
  const max = requirement.max_length ?? null;
  const cut = max !== null && max > 0 ? Array.from(value).slice(0, max).join('') : value;
  return (requirement.kind ?? 'text') === 'image' ? { src: cut } : { text: cut };
}

/** Required fields left blank, by label. */
export function missingFields(fields: readonly FormField[]): string[] {
  return fields.filter((f) => f.required && f.value.trim() === '').map((f) => f.label);
}
