/**
 * Auto-setup (spec section 1): a script tag inside a form whose data attributes carry transaction
 * parameters (`data-key`, `data-email`, `data-amount`, `data-first-name`, …) gets a pay button.
 * `data-button-id` names an existing button instead (it must exist: 'Please make sure the buttonId
 * is an element available in the DOM'); `data-button-text` (default 'Pay'), `data-button-variant`
 * and `data-button-wordmark-variant` ('normal' or 'light') style the made one. On success a hidden
 * `reference` input is added to the form and the form is submitted.
 */
import { CheckoutError } from './errors';
import type { PaystackPop, Transaction } from './paystack-pop';
import { button, el } from './ui/dom';
import { injectStyles } from './ui/styles';

const HOSTS = /^data-(api|checkout|payment|site)-host$/;

/** The script's data attributes as camelCase parameters (host attributes left out). */
export function dataParams(script: Element): Record<string, string> {
  const params: Record<string, string> = {};
  for (const { name, value } of Array.from(script.attributes)) {
    if (name.startsWith('data-') && !HOSTS.test(name)) params[name.slice(5).replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase())] = value;
  }
  return params;
}

/**
 * Sets up the form's pay button if `script` sits in a form and carries data attributes; returns the
 * button, or null when there is nothing to set up. Throws when data-button-id names no element.
 */
export function autoSetup(script: HTMLScriptElement | null, create: () => PaystackPop, nonce?: string): HTMLElement | null {
  const form = script?.parentElement as HTMLFormElement | null | undefined;
  if (!script || !form || form.tagName !== 'FORM') return null;
  const { buttonId, buttonText, buttonVariant, buttonWordmarkVariant, ...params } = dataParams(script) as Record<string, string | number>;
  if (Object.keys(params).length + (buttonId ? 1 : 0) === 0) return null;
  const doc = script.ownerDocument;
  let trigger = buttonId ? doc.getElementById(String(buttonId)) : null;
  if (buttonId && !trigger) throw new CheckoutError('button_missing', 'Please make sure the buttonId is an element available in the DOM');
  // Data attributes are text: a whole number of kobo written in digits is the amount.
  if (/^\d+$/.test(String(params.amount))) params.amount = Number(params.amount);

  const pop = create();
  const id = `inline-button-${pop.id}`;
  if (!trigger) {
    injectStyles(doc, nonce);
    const light = (value: unknown, name: string): string => (value === 'light' ? `${name} ${name}-light` : name);
    const amount = typeof params.amount === 'number' ? params.amount / 100 : params.amount;
    trigger = button(doc, light(buttonVariant, 'ic-pay'), `${buttonText || 'Pay'} ${params.currency || 'NGN'} ${amount}`, { id: `${id}__trigger` });
    const wordmark = el(doc, 'div', light(buttonWordmarkVariant, 'ic-wordmark'), 'Secured by Paystack', { id: `${id}__wordmark` });
    script.after(el(doc, 'div', '', '', { id }, [trigger, wordmark]));
  }
  trigger.setAttribute('data-inline-id', pop.id);

  let transaction: Transaction | null = null;
  trigger.addEventListener('click', (event) => {
    event.preventDefault();
    if (transaction?.accessCode) {
      pop.resumeTransaction(transaction.accessCode);
      return;
    }
    transaction = pop.newTransaction({
      ...params,
      onSuccess: (response: { reference?: unknown }) => {
        form.appendChild(el(doc, 'input', '', '', { type: 'hidden', name: 'reference', value: String(response.reference ?? '') }));
        form.submit();
      },
    });
  });
  return trigger;
}
