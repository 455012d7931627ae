// The dialogs and pages of signing in and of a member, checked with axe-core in a real Chromium
// (no violation of serious or critical impact): the auth dialog in its three modes (and with
// its validation errors showing), the upgrade dialog, the avatar menu, the referral dialog,
// Report a Problem and the Account page. Then the Account page at 375 px: nothing wider than
// the screen, nothing cut off at its right edge; screenshots go to web/test-results/
// (account-375-free.png, account-375-premium.png).
//
//   E2E_BASE_URL=http://127.0.0.1:8000 node --test e2e/member-dialogs.e2e.mjs
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';

import { makePremium, newUser, signInThroughDialog } from './support/accounts.mjs';
import { assertAccessible } from './support/axe.mjs';
import { baseUrl, useBrowser, RESULTS_DIR } from './support/browser.mjs';

const BASE_URL = baseUrl();

const browser = useBrowser();

async function newPage(width, height = 900) {
  const context = await browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // The analytics consent banner is answered, so it does not cover what is checked.
  await context.addInitScript(() => localStorage.setItem('designcore.analytics-consent', 'declined'));
  return { page, context, errors };
}

/**
 * Elements the page shows cut off or spilling over: reaching past the screen's edges or out of
 * their card (the nearest section's content box), unless an ancestor that scrolls sideways on
 * purpose (a row of cards, a table) holds them; and text cut short by its own box.
 */
async function overflowing(page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const scrollsSideways = (element) => {
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        if (/(auto|scroll)/.test(style.overflowX) && parent !== document.documentElement && parent !== document.body) return true;
      }
      return false;
    };
    const found = [];
    for (const element of document.querySelectorAll('main *')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if ((box.right > width + 0.5 || box.left < -0.5) && !scrollsSideways(element)) {
        found.push(`${element.tagName.toLowerCase()}.${element.className} [${Math.round(box.left)}, ${Math.round(box.right)}] "${(element.textContent ?? '').trim().slice(0, 40)}"`);
      }
      // Sticking out of its card: past the right edge of the nearest section's content box.
      const card = element.parentElement?.closest('section');
      if (card && !scrollsSideways(element)) {
        const style = getComputedStyle(card);
        const inner = card.getBoundingClientRect().right - parseFloat(style.borderRightWidth) - parseFloat(style.paddingRight);
        if (box.right > inner + 0.5 && getComputedStyle(element).position !== 'absolute') {
          found.push(`${element.tagName.toLowerCase()}.${element.className} sticks out of its section by ${Math.round(box.right - inner)}px "${(element.textContent ?? '').trim().slice(0, 40)}"`);
        }
      }
      // Text cut short by its own box (ellipsis or hidden overflow).
      if (element.children.length === 0 && element.scrollWidth > element.clientWidth + 1 && getComputedStyle(element).overflowX !== 'visible') {
        found.push(`${element.tagName.toLowerCase()}.${element.className} clips its text "${(element.textContent ?? '').trim().slice(0, 40)}"`);
      }
    }
    return found;
  });
}

describe('signing in: the auth dialog', () => {
  test('each mode, with and without validation errors, has no serious or critical axe violation', { timeout: 60_000 }, async () => {
    const { page, context, errors } = await newPage(1440);
    try {
      await page.goto(`${BASE_URL}/`, { waitUntil: 'load' });

      await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
      const signIn = page.getByRole('dialog', { name: 'Welcome Back' });
      await signIn.waitFor();
      await assertAccessible(page, 'the sign-in dialog', '[role="dialog"]');
      await signIn.getByRole('button', { name: 'Sign In' }).click();
      await signIn.getByRole('alert').first().or(signIn.locator('[aria-invalid="true"]').first()).waitFor();
      await assertAccessible(page, 'the sign-in dialog with errors', '[role="dialog"]');

      await signIn.getByRole('button', { name: 'Forgot password?' }).click();
      const reset = page.getByRole('dialog', { name: 'Reset Password' });
      await reset.waitFor();
      await assertAccessible(page, 'the reset dialog', '[role="dialog"]');
      await page.keyboard.press('Escape');
      await reset.waitFor({ state: 'hidden' });

      await page.getByRole('banner').getByRole('button', { name: 'Get Started' }).click();
      const signUp = page.getByRole('dialog', { name: /^Join creators on/ });
      await signUp.waitFor();
      await assertAccessible(page, 'the sign-up dialog', '[role="dialog"]');
      await signUp.getByRole('button', { name: 'Create Account' }).click();
      await signUp.locator('[aria-invalid="true"]').first().waitFor();
      await assertAccessible(page, 'the sign-up dialog with errors', '[role="dialog"]');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});

describe('a member', () => {
  let member;

  before(async () => {
    member = await newUser('a11y');
  });

  test('the upgrade dialog, avatar menu, referral dialog, Report a Problem and the Account page', { timeout: 90_000 }, async () => {
    const { page, context, errors } = await newPage(1440);
    try {
      await page.goto(`${BASE_URL}/`, { waitUntil: 'load' });
      await signInThroughDialog(page, member.email);

      await page.getByRole('banner').getByRole('button', { name: 'Upgrade' }).click();
      const upgrade = page.getByRole('dialog', { name: 'Upgrade to designcore Pro' });
      await upgrade.getByText('Problem with your payment?').waitFor();
      await assertAccessible(page, 'the upgrade dialog', '[role="dialog"]');
      await upgrade.getByRole('button', { name: 'Cancel' }).click();
      await upgrade.waitFor({ state: 'hidden' });

      await page.getByRole('button', { name: 'Open account menu' }).click();
      await page.getByRole('menu').waitFor();
      await assertAccessible(page, 'the avatar menu', '[role="menu"]');
      await page.getByRole('menuitem', { name: 'Report a Problem' }).click();
      const report = page.getByRole('dialog', { name: 'Report a Problem' });
      await report.waitFor();
      await assertAccessible(page, 'the Report a Problem dialog', '[role="dialog"]');
      await page.keyboard.press('Escape');
      await report.waitFor({ state: 'hidden' });

      await page.goto(`${BASE_URL}/account`, { waitUntil: 'load' });
      await page.getByTestId('credits-balance').waitFor();
      await assertAccessible(page, 'the Account page');

      await page.getByRole('button', { name: 'Referral Program' }).click();
      const referral = page.getByRole('dialog', { name: 'Referral Program' });
      await referral.getByLabel('Your referral link', { exact: true }).waitFor();
      await assertAccessible(page, 'the referral dialog', '[role="dialog"]');
      await page.keyboard.press('Escape');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  for (const plan of ['free', 'premium']) {
    test(`the Account page at 375 px (${plan}): no sideways scroll, nothing cut off`, { timeout: 60_000 }, async () => {
      const account = plan === 'free' ? member : await newUser('a11y-premium');
      if (plan === 'premium') await makePremium(account.token);
      const { page, context, errors } = await newPage(375, 812);
      try {
        await page.goto(`${BASE_URL}/`, { waitUntil: 'load' });
        await signInThroughDialog(page, account.email);
        await page.goto(`${BASE_URL}/account`, { waitUntil: 'load' });
        await page.getByTestId('credits-balance').waitFor();
        if (plan === 'premium') await page.getByRole('table', { name: 'Payment history' }).waitFor();
        await page.waitForLoadState('networkidle');
        await page.screenshot({ path: `${RESULTS_DIR}account-375-${plan}.png`, fullPage: true });
        const { scrollWidth, innerWidth } = await page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          innerWidth: window.innerWidth,
        }));
        assert.ok(scrollWidth <= innerWidth, `the Account page at ${innerWidth}px is ${scrollWidth}px wide`);
        assert.deepEqual(await overflowing(page), []);
        await assertAccessible(page, `the Account page at 375 px (${plan})`);
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
      }
    });
  }
});
