import { createApi } from '../src/api/client';
import { DEFAULT_HOSTS } from '../src/config';
import { prepare } from '../src/params';
import { Transaction } from '../src/transaction';
import { CHECKOUT, PARAMS, inlineData, providerFetch, settle } from './support/harness';

const PAGE = { url: 'https://shop.example.com/pay', ancestorOrigins: [] };

function make(params: Record<string, unknown> = PARAMS, data = inlineData()) {
  const stub = providerFetch(data);
  let now = 1_000_000;
  const transaction = new Transaction(prepare(params, PAGE), {
    api: createApi(DEFAULT_HOSTS, stub.fetch),
    checkoutUrl: CHECKOUT,
    now: () => now,
    mobile: false,
  });
  return { transaction, calls: stub.calls, tick: (ms: number) => (now += ms) };
}

describe('Transaction', () => {
  it('starts active, with no id, status, access code or response', () => {
    const { transaction } = make();
    expect(transaction).toMatchObject({ id: null, status: null, accessCode: null, authorizationUrl: null, errors: [], response: null, isActive: true });
    expect(transaction.parameters).toEqual(PARAMS);
    expect(transaction.frameParams()).toBe(transaction.urlParameters);
  });

  it('takes id, status, access code, response and log from the server, then sets the address', async () => {
    const { transaction, calls } = make(PARAMS, inlineData({ log: { attempts: 3, history: [] } }));
    await transaction.requestInline();
    expect(transaction).toMatchObject({ id: 4099, status: 'abandoned', accessCode: 'acc_4099' });
    expect(transaction.response).toMatchObject({ merchant_key: 'pk_test_1' });
    expect(transaction.log).toMatchObject({ attempts: 3, start_time: 1000 });
    expect(transaction.frameParams()).toEqual({ accessCode: 'acc_4099' });
    expect(calls.map((call) => call.url)).toEqual(['https://api.paystack.co/checkout/request_inline', 'https://api.paystack.co/transaction/set_ip/4099']);
  });

  it('sends the payment log with every entry (bearer merchant_key)', async () => {
    const { transaction, calls, tick } = make();
    await transaction.requestInline();
    tick(4_000);
    transaction.logEntry('attempt', 'apple pay');
    await settle();
    const sent = calls[calls.length - 1];
    expect(sent?.url).toBe('https://api.paystack.co/transaction/update_log/4099');
    expect(sent?.init.headers).toEqual({ Authorization: 'Bearer pk_test_1', 'Content-Type': 'application/json' });
    const payload = JSON.parse(JSON.parse(String(sent?.init.body)).payload as string) as Record<string, unknown>;
    expect(payload).toMatchObject({ attempts: 1, time_spent: 4, history: [{ type: 'action', message: 'Attempted to pay with apple pay', time: 4 }] });
    expect(Object.keys(payload).sort()).toEqual(['attempts', 'errors', 'history', 'input', 'mobile', 'start_time', 'success', 'time_spent']);
  });

  it('keeps a failed log or address call in errors instead of throwing', async () => {
    const { transaction } = make();
    const failing = new Transaction(prepare(PARAMS, PAGE), {
      api: { ...createApi(DEFAULT_HOSTS, providerFetch().fetch), setIp: () => Promise.reject(new Error('offline')) },
      checkoutUrl: CHECKOUT,
      now: () => 0,
      mobile: false,
    });
    await failing.requestInline();
    await settle();
    expect(failing.errors).toEqual([new Error('offline')]);
    expect(transaction.errors).toEqual([]);
  });

  it('calls the callbacks in the provider’s order', () => {
    const order: string[] = [];
    const push = (name: string) => () => order.push(name);
    const { transaction } = make({
      ...PARAMS,
      onSuccess: push('onSuccess'),
      callback: push('callback'),
      onCancel: push('onCancel'),
      onClose: push('onClose'),
      onBankTransferConfirmationPending: push('pending'),
      onError: push('onError'),
      onLoad: push('onLoad'),
    });
    transaction.onLoad({ id: 1, accessCode: 'a' });
    transaction.onSetupError({ message: 'x' });
    transaction.onBankTransferConfirmationPending();
    transaction.onSuccess({ reference: 'r' });
    expect(order).toEqual(['onLoad', 'onError', 'onCancel', 'onClose', 'pending', 'onSuccess', 'callback']);
    expect(transaction.status).toBe('success');
  });
});
