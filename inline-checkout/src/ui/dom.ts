/**
 * Builds elements with DOM APIs only: text goes in through textContent, never through HTML
 * parsing, so a merchant's label or name cannot become markup (the provider built its sheet from
 * HTML strings). No inline style attributes either: classes from the one stylesheet do the work.
 */
export function el<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  className = '',
  text = '',
  attributes: Readonly<Record<string, string>> = {},
  children: readonly Node[] = [],
): HTMLElementTagNameMap[K] {
  const element = doc.createElement(tag);
  if (className) element.className = className;
  if (text) element.textContent = text;
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  for (const child of children) element.appendChild(child);
  return element;
}

/** A button of type button (never submits the merchant's form). */
export function button(doc: Document, className: string, text: string, attributes: Readonly<Record<string, string>> = {}): HTMLButtonElement {
  return el(doc, 'button', className, text, { type: 'button', ...attributes });
}
