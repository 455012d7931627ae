/**
 * Under a strict Content-Security-Policy: one stylesheet (with the page's nonce), no markup parsed
 * from strings, no document.write, no style attributes written as markup.
 */
import { autoSetup } from '../src/auto-setup';
import { PaystackPop } from '../src/paystack-pop';
import { STYLE_ID } from '../src/ui/styles';
import { PARAMS, harness, inlineData, providerFetch, removeAll } from './support/harness';

beforeEach(() => {
  removeAll();
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});

async function everything(nonce?: string) {
  const h = harness({ fetchAnswer: providerFetch(inlineData({ link_config: { enabled: true, has_payment_instruments: true } })), ...(nonce && { nonce }) });
  await h.pop.checkout({ ...PARAMS, label: '<i>x</i>' });
  h.frame('loaded:transaction');
  h.pop.newTransaction({ ...PARAMS, amount: 1 });
  document.body.insertAdjacentHTML('beforeend', '<div id="box"></div><form><span></span></form>');
  PaystackPop.setup({ ...PARAMS, container: 'box' });
  const script = document.createElement('script');
  script.setAttribute('data-key', 'pk_test_1');
  script.setAttribute('data-amount', '100');
  document.querySelector('form')?.appendChild(script);
  autoSetup(script, () => h.pop, nonce);
  return h;
}

describe('a strict Content-Security-Policy', () => {
  it('is never met with document.write, HTML parsing or style attributes', async () => {
    const write = jest.spyOn(document, 'write');
    const innerHTML = jest.spyOn(Element.prototype, 'innerHTML', 'set');
    const outerHTML = jest.spyOn(Element.prototype, 'outerHTML', 'set');
    const adjacent = jest.spyOn(Element.prototype, 'insertAdjacentHTML');
    const setAttribute = jest.spyOn(Element.prototype, 'setAttribute');
    const before = adjacent.mock.calls.length;
    await everything();
    expect(write).not.toHaveBeenCalled();
    expect(innerHTML).not.toHaveBeenCalled();
    expect(outerHTML).not.toHaveBeenCalled();
    expect(adjacent.mock.calls.length - before).toBe(1); // the test's own fixture above
    expect(setAttribute.mock.calls.filter(([name]) => name === 'style')).toEqual([]);
    expect(document.querySelectorAll('[style]')).toHaveLength(0);
    expect(document.querySelectorAll('[onclick], [onerror], [onload]')).toHaveLength(0);
  });

  it('gets one stylesheet, carrying the nonce when one is known', async () => {
    await everything('n0nce-123');
    const styles = document.querySelectorAll('style');
    expect(styles).toHaveLength(1);
    expect(styles[0]?.id).toBe(STYLE_ID);
    expect(styles[0]?.getAttribute('nonce')).toBe('n0nce-123');
    expect(document.querySelectorAll('link, script:not([data-key])')).toHaveLength(0);
  });

  it('PaystackPop.configure sets the nonce for instances that give none', () => {
    PaystackPop.configure({ nonce: 'from-configure' });
    harness().pop.newTransaction(PARAMS);
    expect(document.getElementById(STYLE_ID)?.getAttribute('nonce')).toBe('from-configure');
    PaystackPop.configure({ nonce: '' });
  });
});

describe('constructable stylesheets', () => {
  it('are adopted where the browser has them, so no nonce and no <style> element are needed', () => {
    const replaceSync = jest.fn();
    const proto = CSSStyleSheet.prototype as unknown as { replaceSync?: unknown };
    const had = Object.prototype.hasOwnProperty.call(proto, 'replaceSync');
    proto.replaceSync = replaceSync;
    Object.defineProperty(document, 'adoptedStyleSheets', { value: [], writable: true, configurable: true });
    try {
      harness().pop.newTransaction(PARAMS);
      harness().pop.newTransaction(PARAMS);
      expect(document.querySelector('style')).toBeNull();
      expect(document.adoptedStyleSheets).toHaveLength(1);
      expect(replaceSync).toHaveBeenCalledTimes(1);
      expect(String(replaceSync.mock.calls[0]?.[0])).toContain('.ic-overlay{');
    } finally {
      if (!had) delete proto.replaceSync;
      delete (document as unknown as { adoptedStyleSheets?: unknown }).adoptedStyleSheets;
    }
  });
});
