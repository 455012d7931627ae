// The member journey of issue 11 in real Chromium against the running product on its embedded
// defaults: sign up through a referral link (both credit ledgers at 10), customise a premium
// template (the upgrade dialog), pay in the payment popup — the declined card and a cancelled
// popup first, each with its toast, then the success card — the premium confirmation and its
// Continue step, after which the Upgrade button is gone; the account page, the referral and
// report dialogs, Site Settings for an administrator; a wrong password's message.
//
//   E2E_BASE_URL=http://127.0.0.1:8000 npm run e2e   (or ./dev nox -s e2e)
//
// Screenshots of each dialog go to test-results/journey-*.png.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { call, newUser, PASSWORD } from './support/accounts.mjs';
import { assertAccessible } from './support/axe.mjs';
import { baseUrl, useBrowser, RESULTS_DIR } from './support/browser.mjs';
import { designcore } from './support/cli.mjs';

const BASE_URL = baseUrl();
const SUCCESS_CARD = { number: '4084 0840 8408 4081', expiry: '12/40', cvv: '408' };
const DECLINED_CARD = { number: '4084 0800 0000 0409', expiry: '12/40', cvv: '408' };
// Each opening of the popup adds its own frame; the frames of earlier openings stay, hidden.
const POPUP = 'iframe[id^="inline-checkout-"]:not([hidden])';

const browser = useBrowser();

async function shot(page, name) {
  await page.waitForTimeout(250); // let the dialog's entrance animation finish
  await page.screenshot({ path: `${RESULTS_DIR}journey-${name}.png` });
}

async function tokenFor(email) {
  const signedIn = await call('/auth/v1/token?grant_type=password', { body: { email, password: PASSWORD } });
  assert.equal(signedIn.status, 200, JSON.stringify(signedIn.body));
  return signedIn.body.access_token;
}

async function credits(token) {
  const answer = await call('/api/v1/account/credits', { method: 'GET', token });
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body.balance;
}

async function premiumTemplate() {
  for (let page = 1; page <= 10; page += 1) {
    const listed = await call(`/api/v1/templates?page=${page}&size=48`, { method: 'GET' });
    assert.equal(listed.status, 200, JSON.stringify(listed.body));
    const found = listed.body.templates.find((template) => template.is_premium);
    if (found) return found;
    if (!listed.body.hasMore) break;
  }
  throw new Error('the seed catalogue has no premium template');
}

/** The toast on screen with `text`. */
function toast(page, text) {
  return page.locator('[role="status"], [role="alert"]').filter({ hasText: text });
}

/** The payment popup's checkout frame, once it shows the transaction. */
async function checkoutFrame(page) {
  const element = await page.waitForSelector(POPUP, { state: 'visible', timeout: 20_000 });
  const frame = await element.contentFrame();
  await frame.waitForFunction(() => document.body.dataset.state === 'idle', null, { timeout: 15_000 });
  return frame;
}

async function payWith(frame, card) {
  await frame.fill('#card-number', card.number);
  await frame.fill('#card-expiry', card.expiry);
  await frame.fill('#card-cvv', card.cvv);
  await frame.click('#pay');
}

async function startUpgradeFromHeader(page) {
  await page.getByRole('banner').getByRole('button', { name: 'Upgrade' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upgrade to designcore Pro' });
  await dialog.getByRole('button', { name: 'Upgrade Now' }).click();
  return checkoutFrame(page);
}

describe('the member journey', () => {
  test('referral sign-up, premium gate, declined and cancelled payments, upgrade, confirmation', async () => {
    const referrer = await newUser('referrer');
    const me = await call('/api/v1/profiles/me', { method: 'GET', token: referrer.token });
    const code = me.body.referral_code;
    assert.ok(code, JSON.stringify(me.body));

    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const problems = [];
    page.on('pageerror', (error) => problems.push(String(error)));
    try {
      // Sign up through the referral link.
      await page.goto(`${BASE_URL}/?ref=${encodeURIComponent(code)}`, { waitUntil: 'load' });
      assert.equal(await page.evaluate(() => localStorage.getItem('pending_referral_code')), code);
      await page.getByRole('banner').getByRole('button', { name: 'Get Started' }).click();
      const signUp = page.getByRole('dialog', { name: 'Join creators on designcore' });
      await signUp.waitFor();
      const email = `journey-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
      await signUp.getByLabel('First name').fill('Chioma');
      await signUp.getByLabel('Last name').fill('Eze');
      await signUp.getByLabel('Email').fill(email);
      await signUp.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await shot(page, 'signup-dialog');
      await signUp.getByRole('button', { name: 'Create Account' }).click();
      await page.getByRole('button', { name: 'Open account menu' }).waitFor({ timeout: 15_000 });
      await page.waitForFunction(() => localStorage.getItem('pending_referral_code') === null, null, { timeout: 10_000 });

      // Both ledgers at 10.
      const token = await tokenFor(email);
      assert.equal(await credits(referrer.token), 10);
      assert.equal(await credits(token), 10);

      // A premium template asks to upgrade.
      const template = await premiumTemplate();
      await page.goto(`${BASE_URL}/template/${encodeURIComponent(template.id)}`, { waitUntil: 'load' });
      const preview = page.getByRole('dialog').filter({ hasText: template.name });
      await preview.getByRole('button', { name: /Customize Template/ }).click();
      const upgrade = page.getByRole('dialog', { name: 'Upgrade to designcore Pro' });
      await upgrade.waitFor();
      assert.match(await upgrade.textContent(), /₦1,500per month/);
      assert.equal(await upgrade.getByRole('listitem').count(), 6);
      assert.ok(await upgrade.getByRole('link', { name: 'Problem with your payment?' }).count() <= 1);
      await shot(page, 'upgrade-dialog');

      // The declined card: the popup says so; closing it is 'Payment cancelled.'.
      await upgrade.getByRole('button', { name: 'Upgrade Now' }).click();
      let frame = await checkoutFrame(page);
      await shot(page, 'payment-popup');
      await payWith(frame, DECLINED_CARD);
      await frame.waitForFunction(() => document.body.dataset.state === 'failed', null, { timeout: 15_000 });
      assert.match(await frame.locator('#message').textContent(), /declined/i);
      await shot(page, 'payment-declined');
      await frame.click('#cancel');
      await toast(page, 'Payment cancelled.').waitFor();
      await page.waitForSelector(POPUP, { state: 'hidden' });
      // The preview dialog is still open behind; closing it goes back to Home.
      await preview.waitFor();
      await page.keyboard.press('Escape');
      await preview.waitFor({ state: 'hidden' });
      await page.waitForURL(`${BASE_URL}/`);
      await page.getByRole('banner').getByRole('button', { name: 'Upgrade' }).waitFor();

      // A cancelled popup.
      frame = await startUpgradeFromHeader(page);
      await frame.click('#cancel');
      await toast(page, 'Payment cancelled.').waitFor();
      await page.waitForSelector(POPUP, { state: 'hidden' });

      // The success card: activated, the confirmation, Continue.
      frame = await startUpgradeFromHeader(page);
      await payWith(frame, SUCCESS_CARD);
      await toast(page, 'Subscription activated!').waitFor({ timeout: 20_000 });
      const confirmation = page.getByRole('dialog', { name: "You're Now a Premium Member!" });
      await confirmation.waitFor();
      await assertAccessible(page, 'the premium confirmation dialog', '[role="dialog"]');
      await shot(page, 'premium-confirmation');
      await confirmation.getByRole('button', { name: 'Continue' }).click();
      await toast(page, 'Subscription activated successfully!').waitFor();
      await confirmation.waitFor({ state: 'hidden' });
      await page.getByRole('banner').getByRole('button', { name: 'Upgrade' }).waitFor({ state: 'detached' });
      const profile = await call('/api/v1/profiles/me', { method: 'GET', token });
      assert.deepEqual([profile.body.subscription_status, profile.body.subscription_plan], ['active', 'premium']);

      // /premium-success and the account page.
      await page.goto(`${BASE_URL}/premium-success`, { waitUntil: 'load' });
      await page.getByRole('heading', { level: 1, name: 'Welcome to Premium' }).waitFor();
      await assertAccessible(page, '/premium-success');
      await shot(page, 'premium-success');
      await page.goto(`${BASE_URL}/account`, { waitUntil: 'load' });
      await page.getByRole('heading', { name: 'Premium Plan' }).or(page.getByText('Premium Plan')).first().waitFor();
      const history = page.getByRole('table', { name: 'Payment history' });
      await history.waitFor();
      assert.equal(await history.getByText('Paid').count(), 1);
      assert.equal(await page.getByTestId('credits-balance').textContent(), '10');
      await shot(page, 'account');

      // The referral dialog.
      await page.getByRole('button', { name: 'Referral Program' }).click();
      const referral = page.getByRole('dialog', { name: 'Referral Program' });
      // Exact: the spinner shown while the code loads is labelled 'Loading your referral link'.
      const link = referral.getByLabel('Your referral link', { exact: true });
      await link.waitFor();
      const myCode = (await call('/api/v1/profiles/me', { method: 'GET', token })).body.referral_code;
      assert.equal(await link.inputValue(), `${BASE_URL}?ref=${myCode}`);
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE_URL });
      await referral.getByRole('button', { name: 'Copy' }).click();
      await toast(page, 'Copied!').waitFor();
      await referral.getByRole('button', { name: 'Copied' }).waitFor();
      await shot(page, 'referral-dialog');
      await referral.getByRole('button', { name: 'Copy' }).waitFor({ timeout: 3_000 });
      await page.keyboard.press('Escape');

      // Report a Problem.
      await page.getByRole('button', { name: 'Open account menu' }).click();
      await page.getByRole('menuitem', { name: 'Report a Problem' }).click();
      const report = page.getByRole('dialog', { name: 'Report a Problem' });
      await report.getByLabel('What happened?').fill('The journey test reports a problem');
      await shot(page, 'report-dialog');
      await report.getByRole('button', { name: 'Send report' }).click();
      await toast(page, 'Report sent').waitFor();
      await report.waitFor({ state: 'hidden' });

      // Site Settings: refused to a member.
      await page.goto(`${BASE_URL}/site-settings`, { waitUntil: 'load' });
      await page.getByRole('heading', { name: 'You are not allowed to see this page' }).waitFor();
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  test('an administrator sees Site Settings, the reports and the history', async () => {
    const admin = await newUser('journey-admin');
    await designcore('admin', 'grant', admin.email);
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    try {
      await page.goto(`${BASE_URL}/`, { waitUntil: 'load' });
      await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
      const dialog = page.getByRole('dialog', { name: 'Welcome Back' });
      await dialog.getByLabel('Email').fill(admin.email);
      await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await dialog.getByRole('button', { name: 'Sign In' }).click();
      await page.getByRole('button', { name: 'Open account menu' }).waitFor();
      await page.goto(`${BASE_URL}/site-settings`, { waitUntil: 'load' });
      const toggle = page.getByRole('switch', { name: 'Premium business model' });
      await toggle.waitFor().catch(async (error) => {
        await page.screenshot({ path: `${RESULTS_DIR}journey-site-settings-failed.png` });
        throw error;
      });
      assert.equal(await toggle.getAttribute('aria-checked'), 'true');
      await page.getByRole('list', { name: 'Problem reports' }).or(page.getByText('No reports here.')).first().waitFor();
      await page.screenshot({ path: `${RESULTS_DIR}journey-site-settings.png`, fullPage: true });

      await toggle.click();
      await toast(page, 'Premium business model turned off').waitFor();
      assert.equal(await toggle.getAttribute('aria-checked'), 'false');
      const history = page.getByRole('table', { name: 'Setting changes' });
      await history.getByText(admin.email).first().waitFor();
      await toggle.click();
      await toast(page, 'Premium business model turned on').waitFor();
      assert.equal(await toggle.getAttribute('aria-checked'), 'true');
    } finally {
      await context.close();
    }
  });

  test('a wrong password shows the spec text', async () => {
    const member = await newUser('journey-wrong');
    const page = await browser.newPage({ viewport: { width: 375, height: 740 } });
    try {
      await page.goto(`${BASE_URL}/`, { waitUntil: 'load' });
      await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
      const dialog = page.getByRole('dialog', { name: 'Welcome Back' });
      await dialog.getByLabel('Email').fill(member.email);
      await dialog.getByLabel('Password', { exact: true }).fill('not-the-password');
      await dialog.getByRole('button', { name: 'Sign In' }).click();
      await dialog
        .getByText('Invalid email or password. Please check your credentials and try again.')
        .waitFor();
      await shot(page, 'wrong-password');
    } finally {
      await page.close();
    }
  });
});
