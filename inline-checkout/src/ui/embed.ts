/**
 * The deprecated embedded mode (PaystackPop.setup with a container): the site host's inline page
 * inside the merchant's container, told 'PaystackOpen {id}' once it has loaded.
 */
import { el } from './dom';

/** Query string of the posted parameters (values as text; objects were already turned into JSON). */
export function embedQuery(params: Readonly<Record<string, unknown>>): string {
  return new URLSearchParams(params as Record<string, string>).toString();
}

/** Replaces the container's content with the embedded frame; `onLoad` runs once it has loaded. */
export function mountEmbed(doc: Document, container: HTMLElement, id: string, src: string, onLoad: (frame: HTMLIFrameElement) => void): HTMLIFrameElement {
  const frame = el(doc, 'iframe', 'ic-embed', '', { id: `embed-checkout-${id}`, name: `embed-checkout-${id}`, title: 'Checkout', src, hidden: '' });
  frame.addEventListener('load', () => {
    frame.hidden = false;
    onLoad(frame);
  });
  container.textContent = '';
  container.appendChild(frame);
  container.classList.add('paystack-embed-container');
  return frame;
}
