// End-to-end check of the premium upgrade against the running product on its embedded
// defaults: the server creates the payment, the sandbox checkout page (opened in a real
// Chromium, inside a frame as the payment popup opens it) takes a test card, and the app's
// verification turns the user premium — or, for the declined card, leaves them free.
//
//   E2E_BASE_URL=http://127.0.0.1:8000 npm run e2e
//
// The web app's upgrade dialog and the payment script come later and reuse these steps.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { SUCCESS_CARD, call, newUser } from './support/accounts.mjs';
import { RESULTS_DIR, baseUrl, useBrowser } from './support/browser.mjs';

const BASE_URL = baseUrl();

const DECLINED_CARD = { number: '4084 0800 0000 0409', expiry: '12/40', cvv: '408' };

const browser = useBrowser();

async function premiumStatus(token) {
  const me = await call('/api/v1/profiles/me', { method: 'GET', token });
  assert.equal(me.status, 200, JSON.stringify(me.body));
  return [me.body.subscription_status, me.body.subscription_plan];
}

// Opens the checkout page inside a frame of an app page (as the payment popup does), pays
// with `card`, and answers the messages the frame posted to the app and the page's state.
async function payInCheckout(accessCode, card, screenshot) {
  const page = await browser.newPage({ viewport: { width: 1024, height: 800 } });
  try {
    await page.goto(`${BASE_URL}/`, { waitUntil: 'domcontentloaded' });
    await page.evaluate(
      ({ src }) => {
        window.__messages = [];
        window.addEventListener('message', (event) => {
          if (event.origin === window.location.origin) window.__messages.push(event.data);
        });
        const frame = document.createElement('iframe');
        frame.id = 'checkout';
        frame.src = src;
        frame.style.cssText = 'position:fixed;inset:0;width:100%;height:100%;border:0;z-index:9999';
        document.body.appendChild(frame);
      },
      {
        src: `${BASE_URL}/sandbox/checkout/popup?access_code=${encodeURIComponent(accessCode)}`,
      },
    );
    const checkout = page.frameLocator('#checkout');
    await checkout.locator('#card-number').fill(card.number);
    await checkout.locator('#card-expiry').fill(card.expiry);
    await checkout.locator('#card-cvv').fill(card.cvv);
    await checkout.locator('#pay').click();
    const frame = page.frame({ url: /\/sandbox\/checkout\/popup/ });
    await frame.waitForFunction(
      () => ['success', 'failed', 'error'].includes(document.body.dataset.state),
      null,
      { timeout: 15_000 },
    );
    const state = await frame.evaluate(() => document.body.dataset.state);
    const errorText = await frame.evaluate(
      () => (document.getElementById('error')?.textContent ?? '') +
        ' ' + (document.getElementById('message')?.textContent ?? ''),
    );
    await page.screenshot({ path: `${RESULTS_DIR}${screenshot}.png` });
    const messages = await page.evaluate(() => window.__messages);
    return { state, errorText, events: messages.map((message) => message?.event) };
  } finally {
    await page.close();
  }
}

describe('premium upgrade through the sandbox checkout', () => {
  test('the success card turns the user premium', async () => {
    const { token } = await newUser('upgrade');
    assert.deepEqual(await premiumStatus(token), [null, null]);
    const key = await call('/functions/v1/paystack-public-key', { token, body: {} });
    assert.match(key.body.public_key, /^pk_test_/);
    const created = await call('/functions/v1/create-premium-upgrade', {
      token,
      body: { amount: 150000, currency: 'NGN' },
    });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    assert.match(created.body.reference, /^txn-\d+-[a-z0-9]+$/);

    const paid = await payInCheckout(created.body.access_code, SUCCESS_CARD, 'checkout-success');
    assert.equal(paid.state, 'success');
    assert.ok(paid.events.includes('loaded:checkout'), `events: ${paid.events}`);
    assert.ok(paid.events.includes('success'), `events: ${paid.events}`);

    const verified = await call('/functions/v1/verify-premium-payment', {
      token,
      body: { reference: created.body.reference },
    });
    assert.equal(verified.status, 200, JSON.stringify(verified.body));
    assert.equal(verified.body.status, 'success');
    assert.deepEqual(await premiumStatus(token), ['active', 'premium']);
  });

  test('the declined card leaves the user free, with the reason', async () => {
    const { token } = await newUser('declined');
    const created = await call('/functions/v1/create-premium-upgrade', {
      token,
      body: { amount: 150000, currency: 'NGN' },
    });
    assert.equal(created.status, 200, JSON.stringify(created.body));

    const paid = await payInCheckout(created.body.access_code, DECLINED_CARD, 'checkout-declined');
    assert.equal(paid.state, 'failed');
    assert.match(paid.errorText, /declined/i);
    assert.ok(!paid.events.includes('success'), `events: ${paid.events}`);

    const verified = await call('/functions/v1/verify-premium-payment', {
      token,
      body: { reference: created.body.reference },
    });
    assert.equal(verified.status, 402, JSON.stringify(verified.body));
    assert.equal(verified.body.code, 'payment_failed');
    assert.deepEqual(await premiumStatus(token), [null, null]);
  });

  test('a tampered amount is refused before any payment exists', async () => {
    const { token } = await newUser('tamper');
    const created = await call('/functions/v1/create-premium-upgrade', {
      token,
      body: { amount: 100, currency: 'NGN' },
    });
    assert.equal(created.status, 400);
    assert.equal(created.body.code, 'amount_mismatch');
  });
});
