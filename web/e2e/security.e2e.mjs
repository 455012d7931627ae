// The product's pages under their Content-Security-Policy, in a real Chromium with every
// request to another host refused (as if offline): the built app, the API docs (Swagger UI
// served by us), the sandbox checkout inside an app page, and the development mailbox all
// render with no CSP violation and nothing fetched from elsewhere. Also: the built scripts
// arrive brotli-compressed and the source maps are not served.
//
//   E2E_BASE_URL=http://127.0.0.1:8000 npm run e2e
//
// Screenshots go to ../test-results/ (csp-*.png).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { RESULTS_DIR, baseUrl, useBrowser } from './support/browser.mjs';

const BASE_URL = baseUrl();
const ORIGIN = new URL(BASE_URL).origin;

const browser = useBrowser();

/**
 * A page that records CSP violations (the DOM event, in every frame, and the console's
 * words), requests to any other origin (refused), and every answer.
 */
async function watchedPage(viewport = { width: 1280, height: 900 }) {
  const context = await browser.newContext({ viewport });
  await context.addInitScript(() => {
    window.__violations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__violations.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  const page = await context.newPage();
  const watched = { page, context, violations: [], offsite: [], responses: [] };
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(`${ORIGIN}/`) || url.startsWith('data:') || url.startsWith('blob:')) {
      return route.continue();
    }
    watched.offsite.push(url);
    return route.abort('internetdisconnected');
  });
  page.on('console', (message) => {
    if (/Content.Security.Policy/i.test(message.text())) watched.violations.push(message.text());
  });
  page.on('response', (response) => watched.responses.push(response));
  return watched;
}

/** Every violation the DOM reported in the page and its frames, plus the console's. */
async function allViolations(watched) {
  const found = [...watched.violations];
  for (const frame of watched.page.frames()) {
    found.push(...((await frame.evaluate(() => window.__violations ?? []).catch(() => [])) ?? []));
  }
  return found;
}

async function finish(watched, screenshot) {
  await watched.page.screenshot({ path: `${RESULTS_DIR}${screenshot}.png`, fullPage: false });
  const violations = await allViolations(watched);
  await watched.context.close();
  assert.deepEqual(violations, [], `CSP violations on ${screenshot}`);
  assert.deepEqual(watched.offsite, [], `requests to other hosts on ${screenshot}`);
}

async function api(path, body) {
  const response = await fetch(`${BASE_URL}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  assert.ok(response.ok, `${path}: ${response.status} ${await response.clone().text()}`);
  return response.json();
}

describe('pages under the Content-Security-Policy', () => {
  test('the built web app renders, its scripts arrive compressed, no maps are served', async () => {
    const watched = await watchedPage();
    const answer = await watched.page.goto(`${BASE_URL}/`, { waitUntil: 'networkidle' });
    assert.match(answer.headers()['content-security-policy'], /script-src 'self'/);
    await watched.page.getByRole('heading', { level: 2 }).first().waitFor({ timeout: 15_000 });
    const scripts = watched.responses.filter((r) => /\/assets\/.+\.js$/.test(r.url()));
    assert.ok(scripts.length > 0, 'no built script was loaded');
    for (const script of scripts) {
      const headers = await script.allHeaders();
      // Chunks under the build's precompression threshold (1 KiB) are served as they are:
      // compressing them would save nothing.
      if (headers['content-encoding'] === undefined && (await script.body()).length < 1024) continue;
      assert.equal(headers['content-encoding'], 'br', script.url());
      assert.match(headers.vary, /Accept-Encoding/i);
    }
    const map = await fetch(`${scripts[0].url()}.map`);
    assert.equal(map.status, 404, 'a source map is served');
    await finish(watched, 'csp-home');
  });

  test('the auth dialog (a lazy chunk, form styles, SVG icons) renders', async () => {
    const watched = await watchedPage();
    await watched.page.goto(`${BASE_URL}/`, { waitUntil: 'networkidle' });
    await watched.page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
    const dialog = watched.page.getByRole('dialog', { name: 'Welcome Back' });
    await dialog.getByRole('button', { name: 'Show password' }).click();
    await finish(watched, 'csp-auth-dialog');
  });

  test('the reset-password landing renders', async () => {
    const watched = await watchedPage();
    const answer = await watched.page.goto(`${BASE_URL}/auth/reset-password`, { waitUntil: 'networkidle' });
    assert.match(answer.headers()['content-security-policy'], /script-src 'self'/);
    await watched.page
      .getByRole('heading', { level: 1, name: 'This reset link is invalid or has expired' })
      .waitFor({ timeout: 15_000 });
    await finish(watched, 'csp-reset-password');
  });

  test('the API docs render Swagger UI from our own files, offline', async () => {
    const watched = await watchedPage();
    await watched.page.goto(`${BASE_URL}/schema/swagger`, { waitUntil: 'networkidle' });
    await watched.page.locator('.swagger-ui .info .title').waitFor({ timeout: 20_000 });
    assert.match(await watched.page.locator('.swagger-ui .info .title').innerText(), /designcore/);
    assert.ok((await watched.page.locator('.opblock').count()) > 20, 'the operations are listed');
    await watched.page.locator('.opblock-summary').first().click();
    await watched.page.locator('.opblock-body').first().waitFor();
    await finish(watched, 'csp-swagger');
  });

  test('the sandbox checkout works framed in an app page', async () => {
    const email = `csp-${Date.now()}@example.com`;
    const session = await api('/auth/v1/signup', { email, password: 'kolanut-42-Lagos' });
    const created = await fetch(`${BASE_URL}/functions/v1/create-premium-upgrade`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${session.access_token}`,
      },
      body: JSON.stringify({ amount: 150000, currency: 'NGN' }),
    }).then((r) => r.json());
    assert.ok(created.access_code, JSON.stringify(created));

    const watched = await watchedPage({ width: 1024, height: 800 });
    await watched.page.goto(`${BASE_URL}/`, { waitUntil: 'domcontentloaded' });
    await watched.page.evaluate((src) => {
      const frame = document.createElement('iframe');
      frame.id = 'checkout';
      frame.src = src;
      frame.style.cssText = 'position:fixed;inset:0;width:100%;height:100%;border:0;z-index:9999';
      document.body.appendChild(frame);
    }, `${BASE_URL}/sandbox/checkout/popup?access_code=${encodeURIComponent(created.access_code)}`);
    const checkout = watched.page.frameLocator('#checkout');
    await checkout.locator('#card-number').fill('4084 0840 8408 4081');
    await checkout.locator('#card-expiry').fill('12/40');
    await checkout.locator('#card-cvv').fill('408');
    await checkout.locator('#pay').click();
    const frame = watched.page.frame({ url: /\/sandbox\/checkout\/popup/ });
    await frame.waitForFunction(() => document.body.dataset.state === 'success', null, {
      timeout: 15_000,
    });
    const background = await frame.evaluate(
      () => getComputedStyle(document.querySelector('.primary')).backgroundColor,
    );
    assert.notEqual(background, 'rgba(0, 0, 0, 0)', 'the checkout stylesheet did not apply');
    await finish(watched, 'csp-checkout');
  });

  test('a page of another site cannot frame the checkout page', async () => {
    const context = await browser.newContext();
    const foreign = 'http://shop.example/';
    await context.route(foreign, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><iframe id="checkout" src="${BASE_URL}/sandbox/checkout/popup?access_code=x"></iframe>`,
      }),
    );
    const page = await context.newPage();
    await page.goto(foreign, { waitUntil: 'load' });
    const frame = await (await page.$('#checkout')).contentFrame();
    await page.waitForTimeout(300);
    const url = frame.url();
    const loaded = url.startsWith(ORIGIN) ? await frame.locator('#card-number').count() : 0;
    await page.screenshot({ path: `${RESULTS_DIR}csp-foreign-frame.png` });
    await context.close();
    // Chromium replaces a frame its policy refuses with its own error page.
    assert.match(url, /^chrome-error:/, `the checkout page loaded inside another site: ${url}`);
    assert.equal(loaded, 0);
  });

  test('the development mailbox renders with its stylesheet', async () => {
    const email = `mailbox-${Date.now()}@example.com`;
    await api('/auth/v1/signup', { email, password: 'kolanut-42-Lagos' });
    await api('/auth/v1/recover', { email });
    const watched = await watchedPage();
    await watched.page.goto(`${BASE_URL}/dev/mailbox`, { waitUntil: 'networkidle' });
    await watched.page.getByRole('heading', { name: 'Mailbox' }).waitFor();
    const background = await watched.page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    assert.equal(background, 'rgb(11, 11, 15)', 'the mailbox stylesheet did not apply');
    assert.ok(await watched.page.getByText(`To ${email}`).count(), 'the recovery mail is listed');
    await finish(watched, 'csp-mailbox');
  });
});
