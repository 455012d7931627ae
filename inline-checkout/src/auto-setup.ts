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

const BUTTON = ['buttonId', 'buttonText', 'buttonVariant', 'buttonWordmarkVariant'];
const HOSTS = /^data-(api|checkout|payment|site)-host$/;

/** The script's data attributes as camelCase parameters (host attributes left out). */
export function dataParams(script: Element): Record<string, string> {
  const params: Record<string, string> = {};
  for (const { name, value } of Array.from(script.attributes)) {
    if (!name.startsWith('data-') || HOSTS.test(name)) continue;
    params[name.slice(5).replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase())] = value;
  }
  return params;
}

function variant(value: string | undefined): 'normal' | 'light' {
  return value === 'light' ? 'light' : 'normal';
}

/**
 * Sets up the form's pay button if `script` sits in a form and carries data attributes; returns the
 * button, or null when there is nothing to set up. Throws when data-button-id names no element.
 */
export function autoSetup(script: HTMLScriptElement | null, create: () => PaystackPop, nonce?: string): HTMLElement | null {
  const form = script?.parentElement;
  if (!script || !form || form.tagName !== 'FORM') return null;
  const all = dataParams(script);
  if (Object.keys(all).length === 0) return null;
  const doc = script.ownerDocument;
  const given = all.buttonId;
  if (given && !doc.getElementById(given)) {
    throw new CheckoutError('button_missing', 'Please make sure the buttonId is an element available in the DOM');
  }
  const params: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(all)) if (!BUTTON.includes(key)) params[key] = value;
  // Data attributes are text: a whole number of kobo written in digits is the amount.
  if (typeof params.amount === 'string' && /^\d+$/.test(params.amount)) params.amount = Number(params.amount);

  const pop = create();
  let trigger: HTMLElement;
  if (given) {
    trigger = doc.getElementById(given) as HTMLElement;
    trigger.setAttribute('data-inline-id', pop.id);
  } else {
    injectStyles(doc, nonce);
    const light = variant(all.buttonVariant) === 'light';
    const amount = typeof params.amount === 'number' ? params.amount / 100 : all.amount;
    trigger = button(doc, `ic-pay${light ? ' ic-pay-light' : ''}`, `${all.buttonText || 'Pay'} ${all.currency || 'NGN'} ${amount}`, {
      id: `inline-button-${pop.id}__trigger`,
      'data-inline-id': pop.id,
    });
    const wordmark = el(doc, 'div', `ic-wordmark${variant(all.buttonWordmarkVariant) === 'light' ? ' ic-wordmark-light' : ''}`, 'Secured by Paystack', {
      id: `inline-button-${pop.id}__wordmark`,
    });
    script.after(el(doc, 'div', '', '', { id: `inline-button-${pop.id}` }, [trigger, wordmark]));
  }

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
        (form as HTMLFormElement).submit();
      },
    });
  });
  return trigger;
}
