import { createApi } from '../../src/api/client';
import { DEFAULT_HOSTS, withHosts } from '../../src/config';
import { CheckoutError } from '../../src/errors';
import { fakeFetch, inlineData } from '../support/harness';

const HEADERS = { 'Content-Type': 'application/json' };

describe('createApi', () => {
  it('posts request_inline as JSON with the given headers and answers the data', async () => {
    const { fetch, calls } = fakeFetch(() => ({ status: true, message: 'ok', data: inlineData() }));
    const data = await createApi(DEFAULT_HOSTS, fetch).requestInline({ key: 'pk', amount: 1 }, HEADERS);
    expect(data.access_code).toBe('acc_4099');
    expect(calls).toEqual([
      { url: 'https://api.paystack.co/checkout/request_inline', init: { method: 'POST', headers: HEADERS, body: '{"key":"pk","amount":1}' } },
    ]);
  });

  it('sends the log as {payload: JSON text} with the merchant key as bearer', async () => {
    const { fetch, calls } = fakeFetch(() => ({ status: true, message: 'Log updated' }));
    await createApi(DEFAULT_HOSTS, fetch).updateLog(7, 'pk_live', { attempts: 1 });
    expect(calls[0]).toEqual({
      url: 'https://api.paystack.co/transaction/update_log/7',
      init: { method: 'POST', headers: { Authorization: 'Bearer pk_live', 'Content-Type': 'application/json' }, body: '{"payload":"{\\"attempts\\":1}"}' },
    });
  });

  it.each([
    ['status false', () => ({ status: false, message: 'Invalid key' }), 'Invalid key'],
    ['status false without a message', () => ({ status: false }), 'Error occurred'],
    ['no status at all', () => ({ message: 'odd' }), 'odd'],
    ['not an object', () => 'oops', 'Error occurred'],
    ['no data', () => ({ status: true, message: 'ok' }), 'Error occurred'],
    [
      'a network failure',
      () => {
        throw new TypeError('Failed to fetch');
      },
      'Failed to fetch',
    ],
  ])('turns %s into a setup error with the server message', async (_label, answer, message) => {
    const { fetch } = fakeFetch(answer);
    const error: unknown = await createApi(DEFAULT_HOSTS, fetch).requestInline({}, HEADERS).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CheckoutError);
    expect(error).toMatchObject({ code: 'setup', message });
  });

  it('posts Apple Pay steps to the payment host as forms, without credentials, and hands refusals back', async () => {
    const { fetch, calls } = fakeFetch((url) => (url.endsWith('charge') ? { status: false, message: 'Declined' } : { status: 'success', message: 'ok', data: { session: 1 } }));
    const api = createApi(withHosts(DEFAULT_HOSTS, { payment: 'http://127.0.0.1:9/sandbox/paystack' }), fetch);
    const validated = await api.validateApplePaySession({ transaction: '7', sessionUrl: 'https://apple.test/s', displayName: 'Shop & Co', domainName: 'shop.test' });
    const charged = await api.chargeApplePay({ transaction: '7', paymentObject: '{"token":1}' });
    expect(validated).toEqual({ status: 'success', message: 'ok', data: { session: 1 } });
    expect(charged).toEqual({ status: false, message: 'Declined' });
    expect(calls.map((call) => call.url)).toEqual([
      'http://127.0.0.1:9/sandbox/paystack/applepay/validate-session/',
      'http://127.0.0.1:9/sandbox/paystack/applepay/charge',
    ]);
    expect(calls[0]?.init).toMatchObject({ method: 'POST', mode: 'cors', credentials: 'omit', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    expect(calls[0]?.init.body).toBe('transaction=7&sessionUrl=https%3A%2F%2Fapple.test%2Fs&displayName=Shop+%26+Co&domainName=shop.test');
    expect(calls[1]?.init.body).toBe('transaction=7&paymentObject=%7B%22token%22%3A1%7D');
  });
});
