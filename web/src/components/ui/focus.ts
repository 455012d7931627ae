/** Marks elements outside every dialog that stay usable while one is open (the toasts). */
export const INERT_EXEMPT_ATTRIBUTE = 'data-inert-exempt';

/** Elements a keyboard user can Tab to, in document order, inside `root`. */
const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  '[contenteditable]:not([contenteditable="false"])',
  '[tabindex]',
].join(',');

export function focusableIn(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => element.tabIndex >= 0 && !element.closest('[inert]') && !element.hidden,
  );
}

/** Focuses a form's first invalid field (`aria-invalid="true"`), after a failed submit. */
export function focusFirstInvalid(form: HTMLElement | null): void {
  form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}
