// Analytics on the embedded defaults in a real Chromium: a member accepts the consent banner,
// opens a template and the upgrade dialog, pays with the sandbox; an administrator then finds
// them on /site-settings/analytics. A member is refused the dashboard by page and server.
//
//   ./dev nox -s e2e   (needs E2E_CLI_PYTHON and E2E_SERVER_ENV to grant the admin role)
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { RESULTS_DIR, baseUrl, useBrowser } from './support/browser.mjs';
import { designcore } from './support/cli.mjs';
import { call, makePremium, newUser, signInThroughDialog } from './support/accounts.mjs';

const BASE_URL = baseUrl();

const browser = useBrowser({ consentBanner: true });

describe('Analytics', () => {
  test('a member browsing and upgrading shows up on the admin dashboard', async () => {
    const member = await newUser('analytics-member');
    const admin = await newUser('analytics-admin');
    await designcore('admin', 'grant', admin.email);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const page = await context.newPage();
      await page.goto(`${BASE_URL}/`);
      const banner = page.getByRole('region', { name: 'Analytics consent' });
      await banner.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${RESULTS_DIR}/analytics-consent.png`, fullPage: false });
      assert.match((await banner.textContent()) ?? '', /Until you answer, it keeps only daily totals/);
      await banner.getByRole('button', { name: 'Accept' }).click();
      // The answer reaches the server in a cookie, so its own events are kept whole too.
      const consent = (await context.cookies()).find((cookie) => cookie.name === 'designcore_analytics_consent');
      assert.equal(consent?.value, 'granted');
      await signInThroughDialog(page, member.email);
      // The upgrade dialog's opening is the funnel's first stage (captured by the web app).
      await page.getByRole('banner').getByRole('button', { name: /Upgrade/ }).first().click();
      await page.getByRole('dialog').waitFor();
      // Wait for the 3 s flush to reach the server.
      await page.waitForTimeout(4_000);
      await makePremium(member.token);

      // Members are refused.
      const refused = await call('/api/v1/analytics/summary?days=7', { method: 'GET', token: member.token });
      assert.equal(refused.status, 403);

      const adminPage = await context.newPage();
      await adminPage.goto(`${BASE_URL}/`);
      await adminPage.getByRole('button', { name: 'Open account menu' }).click();
      await adminPage.getByRole('menuitem', { name: 'Sign Out' }).click();
      await signInThroughDialog(adminPage, admin.email);
      await adminPage.goto(`${BASE_URL}/site-settings/analytics`);
      await adminPage.getByRole('img', { name: 'Daily active users' }).waitFor();
      const funnel = adminPage.getByRole('img', { name: 'Upgrade funnel' });
      // The local sink writes within a second; read again until the payment is counted.
      // Other browser tests on the same server may have upgraded too: at least one each.
      const people = (text, stage) => Number(new RegExp(`${stage}People: (\\d+)`).exec(text)?.[1] ?? 0);
      let text = '';
      for (let attempt = 0; attempt < 10; attempt += 1) {
        text = (await funnel.textContent()) ?? '';
        if (people(text, 'Payment succeeded') >= 1) break;
        await adminPage.getByRole('button', { name: '30 days' }).click();
        await adminPage.getByRole('button', { name: '7 days' }).click();
        await adminPage.waitForTimeout(500);
      }
      await adminPage.screenshot({ path: `${RESULTS_DIR}/analytics-dashboard.png`, fullPage: true });
      assert.ok(people(text, 'Upgrade dialog opened') >= 1, text);
      assert.ok(people(text, 'Payment started') >= 1, text);
      assert.ok(people(text, 'Payment succeeded') >= 1, text);
    } finally {
      await context.close();
    }
  });

  test('the consent banner stays on screen until answered: Home on a phone and at 1440 px, and the editor', async () => {
    const member = await newUser('consent-banner');
    const created = await call('/api/v1/designs', { token: member.token, body: { blank: { width: 1080, height: 1080 } } });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const onScreen = (page) =>
      page.getByRole('region', { name: 'Analytics consent' }).evaluate((banner) => {
        const box = banner.getBoundingClientRect();
        // Above whatever bar is fixed at the bottom: the phone's navigation, the editor's panels.
        const bars = [...document.querySelectorAll('nav')]
          .filter((nav) => getComputedStyle(nav).position === 'fixed' || nav.getAttribute('aria-label') === 'Editor panels')
          .map((nav) => nav.getBoundingClientRect())
          .filter((bar) => bar.height > 0);
        const floor = Math.min(window.innerHeight, ...bars.map((bar) => bar.top));
        return { top: box.top, bottom: box.bottom, floor, fits: box.top >= 0 && box.bottom <= floor && box.height > 0 };
      });
    for (const [width, height] of [[375, 800], [1440, 900]]) {
      const context = await browser.newContext({ viewport: { width, height } });
      try {
        const page = await context.newPage();
        await page.goto(`${BASE_URL}/`);
        await page.getByRole('region', { name: 'Church' }).getByRole('img').first().waitFor();
        let seen = await onScreen(page);
        assert.ok(seen.fits, `at ${width} px the banner is off screen before scrolling: ${JSON.stringify(seen)}`);
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight / 2));
        seen = await onScreen(page);
        assert.ok(seen.fits, `at ${width} px the banner left the screen on scrolling: ${JSON.stringify(seen)}`);
        await page.screenshot({ path: `${RESULTS_DIR}/analytics-consent-home-${width}.png` });

        await page.evaluate(() => window.scrollTo(0, 0));
        await signInThroughDialog(page, member.email);
        await page.goto(`${BASE_URL}/editor?designId=${created.body.id}`);
        await page.locator('[aria-label=Canvas] canvas').first().waitFor({ timeout: 30_000 });
        seen = await onScreen(page);
        assert.ok(seen.fits, `at ${width} px the banner is hidden in the editor: ${JSON.stringify(seen)}`);
        await page.screenshot({ path: `${RESULTS_DIR}/analytics-consent-editor-${width}.png` });
        await page.getByRole('region', { name: 'Analytics consent' }).getByRole('button', { name: 'Decline' }).click();
        await page.getByRole('region', { name: 'Analytics consent' }).waitFor({ state: 'detached' });
      } finally {
        await context.close();
      }
    }
  });
});
