import { DEFAULT_HOSTS, SERVED_HOSTS, configure, hosts, originOf, scriptHosts, servedHosts, withHosts } from '../src/config';

describe('hosts', () => {
  it("default to the provider's", () => {
    expect(DEFAULT_HOSTS).toEqual({
      api: 'https://api.paystack.co/',
      checkout: 'https://checkout.paystack.com/',
      payment: 'https://standard.paystack.co/',
      site: 'https://paystack.com/',
    });
    expect(hosts()).toEqual(DEFAULT_HOSTS);
  });

  it('take valid http(s) overrides, adding the trailing slash, and ignore anything else', () => {
    expect(
      withHosts(DEFAULT_HOSTS, {
        api: 'http://127.0.0.1:8000/sandbox/paystack',
        checkout: 'http://127.0.0.1:8000/sandbox/checkout/',
        payment: 'javascript:alert(1)',
        site: 42,
        extra: 'https://x.test',
      }),
    ).toEqual({ ...DEFAULT_HOSTS, api: 'http://127.0.0.1:8000/sandbox/paystack/', checkout: 'http://127.0.0.1:8000/sandbox/checkout/' });
    expect(withHosts(DEFAULT_HOSTS, null)).toBe(DEFAULT_HOSTS);
  });

  it('read the served marker only when a server replaced it with JSON', () => {
    expect(SERVED_HOSTS).toBe('__INLINE_CHECKOUT_HOSTS__');
    expect(servedHosts()).toBeNull();
    expect(servedHosts('{"api":"http://127.0.0.1:1/"}')).toEqual({ api: 'http://127.0.0.1:1/' });
  });

  it('read data-*-host attributes from the script tag', () => {
    const script = document.createElement('script');
    script.setAttribute('data-checkout-host', 'http://127.0.0.1:8000/sandbox/checkout/');
    expect(scriptHosts(script)).toEqual({ api: null, checkout: 'http://127.0.0.1:8000/sandbox/checkout/', payment: null, site: null });
    expect(scriptHosts(null)).toEqual({ api: null, checkout: null, payment: null, site: null });
  });

  it('configure changes what new instances use', () => {
    const before = hosts();
    expect(configure({ site: 'http://127.0.0.1:8000' }).site).toBe('http://127.0.0.1:8000/');
    expect(hosts().site).toBe('http://127.0.0.1:8000/');
    configure(before);
    expect(hosts()).toEqual(before);
  });

  it('originOf gives the origin messages are addressed to', () => {
    expect(originOf('http://127.0.0.1:8000/sandbox/checkout/')).toBe('http://127.0.0.1:8000');
  });
});
