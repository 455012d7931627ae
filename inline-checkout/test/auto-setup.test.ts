import { autoSetup, dataParams } from '../src/auto-setup';
import { CheckoutError } from '../src/errors';
import { PaystackPop } from '../src/paystack-pop';
import { harness, removeAll } from './support/harness';

function formWith(attributes: Record<string, string>, extra = ''): HTMLScriptElement {
  document.body.innerHTML = `<form action="/process" method="POST">${extra}</form>`;
  const script = document.createElement('script');
  for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
  (document.querySelector('form') as HTMLFormElement).appendChild(script);
  return script;
}

const TAG = { 'data-key': 'pk_test_1', 'data-email': 'ada@example.com', 'data-amount': '10000', 'data-first-name': 'Ada' };

beforeEach(removeAll);

describe('auto-setup', () => {
  it('reads dashed data attributes as camelCase parameters, leaving host attributes out', () => {
    expect(dataParams(formWith({ ...TAG, 'data-api-host': 'http://x.test/', src: '/inline.js' }))).toEqual({
      key: 'pk_test_1',
      email: 'ada@example.com',
      amount: '10000',
      firstName: 'Ada',
    });
  });

  it('does nothing outside a form or without data attributes', () => {
    const script = document.createElement('script');
    script.setAttribute('data-key', 'pk');
    document.body.appendChild(script);
    const create = jest.fn(() => new PaystackPop());
    expect(autoSetup(script, create)).toBeNull();
    expect(autoSetup(formWith({ src: '/inline.js' }), create)).toBeNull();
    expect(autoSetup(null, create)).toBeNull();
    expect(create).not.toHaveBeenCalled();
  });

  it("makes a 'Pay' button (normal variant) after the script, with the currency and the amount", () => {
    const script = formWith(TAG);
    const { pop } = harness();
    const button = autoSetup(script, () => pop) as HTMLButtonElement;
    expect(button.textContent).toBe('Pay NGN 100');
    expect(button.className).toBe('ic-pay');
    expect(button.type).toBe('button');
    expect(button.getAttribute('data-inline-id')).toBe(pop.id);
    expect(script.nextElementSibling?.id).toBe(`inline-button-${pop.id}`);
    expect(document.getElementById(`inline-button-${pop.id}__wordmark`)?.textContent).toBe('Secured by Paystack');
  });

  it('takes the button text and the light variants', () => {
    const script = formWith({ ...TAG, 'data-currency': 'USD', 'data-button-text': 'Donate', 'data-button-variant': 'light', 'data-button-wordmark-variant': 'light' });
    const button = autoSetup(script, () => harness().pop) as HTMLButtonElement;
    expect(button.textContent).toBe('Donate USD 100');
    expect(button.className).toBe('ic-pay ic-pay-light');
    expect(button.nextElementSibling?.className).toBe('ic-wordmark ic-wordmark-light');
  });

  it("ignores an unknown variant (normal), and refuses a buttonId that is not in the page", () => {
    const button = autoSetup(formWith({ ...TAG, 'data-button-variant': 'neon' }), () => harness().pop) as HTMLButtonElement;
    expect(button.className).toBe('ic-pay');
    const error = (() => {
      try {
        autoSetup(formWith({ ...TAG, 'data-button-id': 'nope' }), () => harness().pop);
      } catch (caught) {
        return caught;
      }
      return null;
    })();
    expect(error).toEqual(new CheckoutError('button_missing', 'Please make sure the buttonId is an element available in the DOM'));
  });

  it('uses the merchant’s own button when buttonId names one', () => {
    const script = formWith({ ...TAG, 'data-button-id': 'mine' }, '<button id="mine">Buy</button>');
    const { pop } = harness();
    const button = autoSetup(script, () => pop) as HTMLButtonElement;
    expect(button.id).toBe('mine');
    expect(button.textContent).toBe('Buy');
    expect(document.querySelectorAll('button')).toHaveLength(1);
  });

  it('on click opens the popup; on success adds a hidden reference input and submits the form', () => {
    const script = formWith(TAG);
    const h = harness();
    const newTransaction = jest.spyOn(h.pop, 'newTransaction');
    const submit = jest.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
    const button = autoSetup(script, () => h.pop) as HTMLButtonElement;
    button.click();
    expect(newTransaction).toHaveBeenCalledWith(expect.objectContaining({ key: 'pk_test_1', email: 'ada@example.com', amount: 10000, firstName: 'Ada' }));
    expect(h.pop.isOpen).toBe(true);
    h.frame('success', { reference: 'ref-77', status: 'success' });
    const input = document.querySelector('form input[name="reference"]') as HTMLInputElement;
    expect([input.type, input.value]).toEqual(['hidden', 'ref-77']);
    expect(submit).toHaveBeenCalledTimes(1);
  });

  it('a second click resumes the transaction the frame reported', () => {
    const script = formWith(TAG);
    const h = harness();
    const button = autoSetup(script, () => h.pop) as HTMLButtonElement;
    button.click();
    h.frame('loaded:transaction', { id: 5, accessCode: 'acc_5' });
    h.frame('cancel');
    const resume = jest.spyOn(h.pop, 'resumeTransaction');
    button.click();
    expect(resume).toHaveBeenCalledWith('acc_5');
  });
});
