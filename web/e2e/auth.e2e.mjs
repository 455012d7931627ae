// The sign-in shell in a real Chromium against a running server, as a new user meets it:
// sign-up through a referral link from a real referrer (both credit balances at 10), sign-out,
// a wrong password (the spec's text), a password reset through the mailed link (read from the
// local outbox at /dev/mailbox), a sign-in with a TOTP second factor, no sideways scroll at five
// widths, and the first route's JavaScript under its 120 KB (gzipped) budget.
//
//   E2E_BASE_URL=http://127.0.0.1:8000 npm run e2e
//
// Needs a server on a loopback address with the local outbox (the embedded defaults). Screenshots
// go to ../test-results/ (header-*.png, auth-*.png).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { gzipSync } from 'node:zlib';

import { totp } from './support/totp.mjs';
import { RESULTS_DIR, baseUrl, useBrowser } from './support/browser.mjs';

const BASE_URL = baseUrl();
const API_VERSION = { 'X-Supabase-Api-Version': '2024-01-01' };
const PASSWORD = 'Browser-test-passw0rd!';
const FIRST_ROUTE_BUDGET = 120 * 1024;

const unique = (label) => `e2e-${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** JSON call to the server, outside the browser; fails with the answer in the message. */
async function call(method, path, { body, token } = {}) {
  const response = await fetch(`${BASE_URL}${path}`, {
    method,
    headers: {
      ...API_VERSION,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  assert.ok(response.ok, `${method} ${path} answered ${response.status}: ${text}`);
  return text === '' ? undefined : JSON.parse(text);
}

const signUp = (email, data = {}) => call('POST', '/auth/v1/signup', { body: { email, password: PASSWORD, data } });
const signIn = (email, password = PASSWORD) =>
  call('POST', '/auth/v1/token?grant_type=password', { body: { email, password } });
const profileOf = (token) => call('GET', '/api/v1/profiles/me', { token });

/** The newest recovery link the local outbox holds for `email`. */
async function recoveryLink(email) {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const page = await (await fetch(`${BASE_URL}/dev/mailbox`)).text();
    for (const article of page.split('<article>').slice(1)) {
      if (!article.includes(`To ${email}`) || !article.includes('Reset your password')) continue;
      const href = /<a href="([^"]+)">/.exec(article)?.[1];
      if (href) return href.replace(/&amp;/g, '&');
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no recovery mail for ${email} at /dev/mailbox`);
}

const browser = useBrowser();

async function newPage(width, height = 800) {
  const mobile = width < 1024;
  const context = await browser.newContext({ baseURL: BASE_URL, viewport: { width, height }, isMobile: mobile, hasTouch: mobile });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

async function headerShot(page, name) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({
    path: `${RESULTS_DIR}header-${name}.png`,
    clip: { x: 0, y: 0, width: page.viewportSize().width, height: 420 },
    animations: 'disabled',
  });
}

async function assertNoSidewaysScroll(page, what) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  assert.ok(scrollWidth <= clientWidth, `${what}: the page is ${scrollWidth}px wide in a ${clientWidth}px viewport`);
}

async function fillSignUp(dialog, { first, last, email, password }) {
  await dialog.getByLabel('First name').fill(first);
  await dialog.getByLabel('Last name').fill(last);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
}

async function signInThroughDialog(page, email, password) {
  await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
  const dialog = page.getByRole('dialog', { name: 'Welcome Back' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  return dialog;
}

async function signOutThroughMenu(page) {
  await page.getByRole('button', { name: 'Open account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).waitFor();
}

describe('signing up through a referral link, out and in, and resetting the password', () => {
  const email = unique('referred');
  const newPassword = 'Reset-passw0rd-2!';
  let referrer;
  let session;

  before(async () => {
    // A real referrer: an account with its referral code.
    const signedUp = await signUp(unique('referrer'), { first_name: 'Femi', last_name: 'Ade' });
    const code = await call('POST', '/api/v1/rpc/get_user_referral_code', {
      token: signedUp.access_token,
      body: { user_id_param: signedUp.user.id },
    });
    referrer = { token: signedUp.access_token, code };
    session = await newPage(375, 812);
  });

  after(async () => {
    await session?.context.close();
  });

  test('the signed-out header at 375 px fits and offers Sign In and Get Started', { timeout: 30_000 }, async () => {
    const { page } = session;
    await page.goto(`/?ref=${encodeURIComponent(referrer.code)}`);
    const header = page.getByRole('banner');
    await header.getByRole('button', { name: 'Get Started' }).waitFor();
    await header.getByRole('button', { name: 'Sign In' }).waitFor();
    const box = await header.getByRole('button', { name: 'Get Started' }).boundingBox();
    assert.ok(box.x + box.width <= 375, `Get Started ends at ${box.x + box.width}px in a 375px viewport`);
    await assertNoSidewaysScroll(page, 'signed out at 375px');
    assert.equal(await page.evaluate(() => localStorage.getItem('pending_referral_code')), referrer.code);
    await headerShot(page, 'signed-out-375');
  });

  test('sign-up validates, then signs up with the referral code: both balances are 10', { timeout: 60_000 }, async () => {
    const { page } = session;
    await page.getByRole('banner').getByRole('button', { name: 'Get Started' }).click();
    const dialog = page.getByRole('dialog', { name: 'Join creators on designcore' });
    await dialog.getByRole('button', { name: 'Create Account' }).click();
    await dialog.getByText('First name is required').waitFor();
    await dialog.getByText('By clicking Create Account, you consent to receiving emails from designcore.').waitFor();
    await page.screenshot({ path: `${RESULTS_DIR}auth-sign-up-375.png`, animations: 'disabled' });

    await fillSignUp(dialog, { first: 'Ngozi', last: 'Eze', email, password: PASSWORD });
    await dialog.getByRole('button', { name: 'Create Account' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Open account menu' }).waitFor();
    await page.waitForFunction(() => localStorage.getItem('pending_referral_code') === null);

    const referred = await profileOf((await signIn(email)).access_token);
    assert.equal(referred.credits, 10, 'the new user got 10 credits');
    assert.equal((await profileOf(referrer.token)).credits, 10, 'the referrer got 10 credits');
    assert.deepEqual([referred.first_name, referred.last_name], ['Ngozi', 'Eze']);
  });

  test('a regular user gets Pro (Upgrade under 1024 px) while the premium model is on', { timeout: 30_000 }, async (t) => {
    const { page } = session;
    const settings = await fetch(`${BASE_URL}/api/v1/site-settings`);
    if (settings.status === 404) {
      t.skip('this server does not serve GET /api/v1/site-settings yet');
      return;
    }
    const { settings: rows } = await settings.json();
    const premium = rows.find((row) => row.setting_key === 'premium_business_model_enabled')?.setting_value === true;
    const pro = page.getByRole('banner').getByRole('button', { name: 'Pro' });
    if (premium) await pro.waitFor();
    else assert.equal(await pro.count(), 0, 'Pro is shown while the premium model is off');
  });

  test('the signed-in header at 375 px shows the avatar menu of the new user', { timeout: 30_000 }, async () => {
    const { page } = session;
    await assertNoSidewaysScroll(page, 'signed in at 375px');
    await headerShot(page, 'signed-in-375');
    await page.getByRole('button', { name: 'Open account menu' }).click();
    const menu = page.getByRole('menu', { name: 'Account' });
    await menu.waitFor();
    await page.getByText('Ngozi Eze').waitFor();
    await page.getByText('Regular User').waitFor();
    await page.getByText(email).waitFor();
    await headerShot(page, 'signed-in-375-menu');
    await page.keyboard.press('Escape');
  });

  test('sign-out, then a wrong password shows the spec’s text', { timeout: 30_000 }, async () => {
    const { page } = session;
    await signOutThroughMenu(page);
    const dialog = await signInThroughDialog(page, email, 'Not-the-passw0rd');
    await dialog
      .getByRole('alert')
      .filter({ hasText: 'Invalid email or password. Please check your credentials and try again.' })
      .waitFor();
    await page.screenshot({ path: `${RESULTS_DIR}auth-wrong-password-375.png`, animations: 'disabled' });
  });

  test('a password reset through the mailed link signs in with the new password', { timeout: 60_000 }, async () => {
    const { page } = session;
    const dialog = page.getByRole('dialog', { name: 'Welcome Back' });
    await dialog.getByRole('button', { name: 'Forgot password?' }).click();
    const reset = page.getByRole('dialog', { name: 'Reset Password' });
    await reset.getByLabel('Email').fill(email);
    await reset.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByRole('status').filter({ hasText: 'Check your email' }).waitFor();
    await reset.waitFor({ state: 'detached' });

    const link = await recoveryLink(email);
    assert.match(link, /\/auth\/v1\/verify\?token=.+type=recovery/);
    await page.goto(link);
    await page.waitForURL((url) => url.pathname === '/auth/reset-password');
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.screenshot({ path: `${RESULTS_DIR}auth-reset-password-375.png`, animations: 'disabled' });
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.getByRole('heading', { level: 1, name: 'Password updated' }).waitFor();
    assert.equal(new URL(page.url()).hash, '', 'the tokens left the address bar');
    await page.getByRole('button', { name: 'Open account menu' }).waitFor();

    await page.getByRole('link', { name: 'Go home' }).click();
    await page.getByRole('heading', { level: 1, name: 'Design Like a Pro' }).waitFor();
    await signOutThroughMenu(page);
    await signInThroughDialog(page, email, newPassword);
    await page.getByRole('button', { name: 'Open account menu' }).waitFor();
  });

  test('a used reset link shows the invalid-link page', { timeout: 30_000 }, async () => {
    const { page } = session;
    await page.goto(await recoveryLink(email));
    await page.getByRole('heading', { level: 1, name: 'This reset link is invalid or has expired' }).waitFor();
  });

  test('raised no uncaught errors in the page', () => {
    assert.deepEqual(session.errors, []);
  });
});

describe('the header at 1440 px, and a sign-in with a second factor', () => {
  const email = unique('mfa');
  let secret;
  let session;

  before(async () => {
    // An account with a verified TOTP factor, enrolled as account settings would.
    const signedUp = await signUp(email, { first_name: 'Tunde', last_name: 'Bello' });
    const factor = await call('POST', '/auth/v1/factors', {
      token: signedUp.access_token,
      body: { factor_type: 'totp', friendly_name: 'phone' },
    });
    secret = factor.totp.secret;
    const challenge = await call('POST', `/auth/v1/factors/${factor.id}/challenge`, { token: signedUp.access_token, body: {} });
    await call('POST', `/auth/v1/factors/${factor.id}/verify`, {
      token: signedUp.access_token,
      body: { challenge_id: challenge.id, code: totp(secret) },
    });
    session = await newPage(1440, 900);
  });

  after(async () => {
    await session?.context.close();
  });

  test('signed out at 1440 px: navigation, Sign In and Get Started', { timeout: 30_000 }, async () => {
    const { page } = session;
    await page.goto('/');
    const header = page.getByRole('banner');
    await header.getByRole('button', { name: 'Get Started' }).waitFor();
    const nav = await header.getByRole('navigation', { name: 'Main' }).getByRole('link').allTextContents();
    assert.deepEqual(nav, ['Home', 'Templates', 'Logo Maker', 'My Designs']);
    await page.getByRole('heading', { level: 1, name: 'Design Like a Pro' }).waitFor();
    await headerShot(page, 'signed-out-1440');
  });

  test('the password alone does not sign in: the 6-digit code does', { timeout: 60_000 }, async () => {
    const { page } = session;
    await signInThroughDialog(page, email, PASSWORD);
    const step = page.getByRole('dialog', { name: 'Two-step verification' });
    await step.getByLabel('Verification code').waitFor();
    assert.equal(await page.getByRole('button', { name: 'Open account menu' }).count(), 0, 'signed in before the code');
    assert.equal(await page.evaluate(() => localStorage.getItem('designcore.auth')), null, 'an aal1 session was stored');

    // The code verified at enrolment is spent (a code verifies once): the authenticator's next one.
    await step.getByLabel('Verification code').fill(totp(secret, Date.now() + 30_000));
    await step.getByRole('button', { name: 'Verify' }).click();
    await step.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Open account menu' }).waitFor();
    const stored = JSON.parse(await page.evaluate(() => localStorage.getItem('designcore.auth')));
    const claims = JSON.parse(Buffer.from(stored.access_token.split('.')[1], 'base64url').toString());
    assert.equal(claims.aal, 'aal2');
  });

  test('signed in at 1440 px: the avatar menu', { timeout: 30_000 }, async () => {
    const { page } = session;
    await assertNoSidewaysScroll(page, 'signed in at 1440px');
    await headerShot(page, 'signed-in-1440');
    await page.getByRole('button', { name: 'Open account menu' }).click();
    await page.getByText('Tunde Bello').waitFor();
    const items = await page.getByRole('menuitem').allTextContents();
    assert.deepEqual(items, ['Account', 'Report a Problem', 'Sign Out']);
    await headerShot(page, 'signed-in-1440-menu');
    await page.keyboard.press('Escape');
  });

  test('raised no uncaught errors in the page', () => {
    assert.deepEqual(session.errors, []);
  });
});

describe('layout and weight of the first route', () => {
  for (const width of [360, 375, 768, 1024, 1440]) {
    test(`no sideways scroll at ${width} px, signed out`, { timeout: 30_000 }, async () => {
      const { context, page } = await newPage(width);
      try {
        await page.goto('/');
        await page.getByRole('banner').getByRole('button', { name: 'Get Started' }).waitFor();
        await page.getByRole('region', { name: 'Church' }).getByRole('img').first().waitFor();
        await assertNoSidewaysScroll(page, `signed out at ${width}px`);
      } finally {
        await context.close();
      }
    });
  }

  test('the JavaScript of the first route is at most 120 KB gzipped', { timeout: 30_000 }, async () => {
    const { context, page } = await newPage(375, 812);
    const scripts = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response);
    });
    try {
      await page.goto('/', { waitUntil: 'networkidle' });
      await page.getByRole('heading', { level: 1, name: 'Design Like a Pro' }).waitFor();
      let total = 0;
      const sizes = [];
      for (const response of scripts) {
        const size = gzipSync(await response.body(), { level: 9 }).length;
        total += size;
        sizes.push(`${new URL(response.url()).pathname} ${(size / 1024).toFixed(1)} KB`);
      }
      console.log(`first route JavaScript: ${(total / 1024).toFixed(1)} KB gzipped\n  ${sizes.join('\n  ')}`);
      assert.ok(total <= FIRST_ROUTE_BUDGET, `first route JavaScript is ${(total / 1024).toFixed(1)} KB gzipped`);
    } finally {
      await context.close();
    }
  });
});
