// End-to-end check of the payment popup script (inline-checkout/) against the running product
// on its embedded defaults: the sandbox shop (/sandbox/merchant, a merchant page served by the
// app) loads /inline-checkout/v2/inline.js, which the server points at the payment sandbox; the
// shopper pays in the popup's checkout frame and the page's callbacks report the outcome.
//
//   E2E_BASE_URL=http://127.0.0.1:8000 npm run e2e
//
// Screenshots (the loading overlay, the popup, the sheet, the result) go to test-results/.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { RESULTS_DIR, baseUrl, useBrowser } from './support/browser.mjs';

const BASE_URL = baseUrl();
const SECRET_KEY = process.env.E2E_SANDBOX_SECRET_KEY ?? 'sk_test_sandbox_designcore';
const SUCCESS_CARD = { number: '4084 0840 8408 4081', expiry: '12/40', cvv: '408' };
const POPUP = 'iframe[id^="inline-checkout-"]';

const browser = useBrowser();

/** The sandbox shop in a fresh page; `problems` collects console errors and CSP violations. */
async function shop(viewport = { width: 1024, height: 800 }) {
  const page = await browser.newPage({ viewport });
  const problems = [];
  page.on('console', (message) => {
    // Chromium warns "Allow attribute will take precedence over 'allowpaymentrequest'" when the
    // popup frame carries both; that warning counts as a problem too.
    if (message.type() === 'error' || /Content Security Policy|allowpaymentrequest/i.test(message.text())) {
      problems.push(message.text());
    }
  });
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
  });
  page.on('pageerror', (error) => problems.push(String(error)));
  await page.goto(`${BASE_URL}/sandbox/merchant`, { waitUntil: 'load' });
  await page.waitForFunction(() => typeof window.PaystackPop === 'function');
  return { page, problems };
}

/** The checkout frame's page, once it shows a transaction. */
async function checkoutFrame(page) {
  const element = await page.waitForSelector(POPUP, { state: 'visible' });
  const frame = await element.contentFrame();
  await frame.waitForURL(/\/sandbox\/checkout\/popup$/);
  await frame.waitForFunction(() => document.body.dataset.state === 'idle', null, { timeout: 15_000 });
  // Shown, not just present: the frame fades in to full opacity over the overlay.
  await page.waitForFunction((selector) => getComputedStyle(document.querySelector(selector)).opacity === '1', POPUP);
  return frame;
}

async function outcome(page) {
  await page.waitForFunction(() => document.getElementById('result').dataset.event, null, { timeout: 15_000 });
  return page.evaluate(() => ({
    event: document.getElementById('result').dataset.event,
    text: document.getElementById('result').textContent,
    events: window.merchantEvents.map((entry) => entry.name),
    reference: window.merchantEvents.find((entry) => entry.name === 'success')?.data?.reference ?? null,
  }));
}

async function verified(reference) {
  const response = await fetch(`${BASE_URL}/sandbox/paystack/transaction/verify/${encodeURIComponent(reference)}`, {
    headers: { Authorization: `Bearer ${SECRET_KEY}` },
  });
  return { status: response.status, body: await response.json() };
}

describe('the payment popup script on a merchant page', () => {
  test('the server serves the script pointed at the sandbox', async () => {
    const response = await fetch(`${BASE_URL}/inline-checkout/v2/inline.js`);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type'), /^text\/javascript/);
    const text = await response.text();
    assert.ok(text.includes(`${BASE_URL}/sandbox/checkout/`), 'the checkout host is the sandbox');
    assert.ok(!text.includes('__INLINE_CHECKOUT_HOSTS__'));
  });

  test('paying with the success card calls onSuccess with the reference', async () => {
    const { page, problems } = await shop();
    // Hold the checkout page back a moment, to see the loading overlay and its spinner.
    await page.route('**/sandbox/checkout/popup', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 700));
      await route.continue();
    });
    try {
      await page.click('#pay');
      await page.waitForSelector('[id^="inline-background-"] [role="progressbar"]', { state: 'visible' });
      await page.waitForTimeout(350);
      await page.screenshot({ path: `${RESULTS_DIR}inline-checkout-loading.png` });
      const frame = await checkoutFrame(page);
      await page.screenshot({ path: `${RESULTS_DIR}inline-checkout-popup.png` });
      const shown = await frame.evaluate(() => ({
        email: document.getElementById('email').textContent,
        amount: document.getElementById('amount').textContent,
      }));
      assert.deepEqual(shown, { email: 'shopper@example.com', amount: '₦1,500.00' });

      await frame.fill('#card-number', SUCCESS_CARD.number);
      await frame.fill('#card-expiry', SUCCESS_CARD.expiry);
      await frame.fill('#card-cvv', SUCCESS_CARD.cvv);
      await frame.click('#pay');
      const result = await outcome(page);
      assert.equal(result.event, 'success', JSON.stringify(result));
      assert.deepEqual(result.events, ['load', 'success']);
      assert.match(result.reference, /^[A-Za-z0-9.=-]+$/);
      assert.equal(result.text, `Paid: reference ${result.reference}`);
      await page.waitForSelector(POPUP, { state: 'hidden' });
      await page.waitForSelector('[id^="inline-background-"]', { state: 'hidden' });
      await page.screenshot({ path: `${RESULTS_DIR}inline-checkout-paid.png` });

      const check = await verified(result.reference);
      assert.equal(check.status, 200, JSON.stringify(check.body));
      assert.equal(check.body.data.status, 'success');
      assert.equal(check.body.data.amount, 150000);
      assert.equal(check.body.data.metadata.source, 'sandbox shop');
      assert.equal(check.body.data.metadata.referrer, `${BASE_URL}/sandbox/merchant`);
      assert.deepEqual(problems, []);
    } finally {
      await page.close();
    }
  });

  test('on a phone, "Cancel payment" in the popup is a tap target of at least 24 x 24 px', async () => {
    const { page, problems } = await shop({ width: 375, height: 740 });
    try {
      await page.click('#checkout');
      const frame = await checkoutFrame(page);
      const box = await frame.locator('#cancel').boundingBox();
      assert.ok(box, 'the Cancel payment button is shown');
      assert.ok(box.height >= 24 && box.width >= 24, `Cancel payment is ${box.width} x ${box.height} px`);
      await frame.click('#cancel');
      assert.equal((await outcome(page)).event, 'cancel');
      assert.deepEqual(problems, []);
    } finally {
      await page.close();
    }
  });

  test('cancelling in the popup calls onCancel (checkout: the transaction is made first)', async () => {
    const { page, problems } = await shop();
    try {
      await page.click('#checkout');
      const frame = await checkoutFrame(page);
      await frame.click('#cancel');
      const result = await outcome(page);
      assert.equal(result.event, 'cancel', JSON.stringify(result));
      assert.deepEqual(result.events, ['load', 'cancel']);
      assert.equal(result.text, 'Payment cancelled');
      await page.waitForSelector(POPUP, { state: 'hidden' });
      assert.deepEqual(problems, []);
    } finally {
      await page.close();
    }
  });

  test('parameters the rules refuse never reach the sandbox', async () => {
    const { page } = await shop();
    try {
      await page.fill('#amount', '12.5');
      await page.click('#pay');
      const result = await outcome(page);
      assert.equal(result.event, 'error');
      assert.equal(result.text, 'Payment error: Invalid transaction parameters');
      assert.equal(await page.locator(POPUP).count(), 0);
    } finally {
      await page.close();
    }
  });

  for (const [name, viewport] of [
    ['wide', { width: 1024, height: 800 }],
    ['narrow', { width: 375, height: 740 }],
  ]) {
    test(`the pre-checkout sheet (Vault), ${name} screen`, async () => {
      const { page, problems } = await shop(viewport);
      // The sandbox merchant has no saved payment instruments: say it has, so Vault applies.
      await page.route('**/sandbox/paystack/checkout/request_inline', async (route) => {
        const response = await route.fetch();
        const body = await response.json();
        body.data.link_config = { enabled: true, has_payment_instruments: true };
        await route.fulfill({ response, json: body });
      });
      try {
        await page.click('#checkout');
        const sheet = page.locator('[role="dialog"]');
        await sheet.waitFor({ state: 'visible' });
        await page.waitForTimeout(400); // the card slides in after 50 ms, over 300 ms
        await page.screenshot({ path: `${RESULTS_DIR}inline-checkout-sheet-${name}.png` });
        assert.match(await sheet.textContent(), /Access your saved cards and bank details for faster, more secure payments/);
        assert.equal(await sheet.getByRole('button', { name: 'Close' }).isVisible(), name === 'wide');
        const card = await sheet.locator('.ic-card').boundingBox();
        if (name === 'wide') assert.equal(Math.round(card.width), 350);
        else assert.equal(Math.round(card.width), viewport.width);
        await sheet.getByRole('button', { name: 'Use other payment methods' }).click();
        const frame = await checkoutFrame(page);
        await frame.click('#cancel');
        assert.equal((await outcome(page)).event, 'cancel');
        assert.deepEqual(problems, []);
      } finally {
        await page.close();
      }
    });
  }
});
