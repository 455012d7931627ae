// Tap targets of at least 24 x 24 CSS pixels (WCAG 2.2, 2.5.8) across the app in a real Chromium,
// at 375 px (a phone) and 1440 px, signed out and as a member with a design on the calendar. A
// link inside a sentence is exempt, as the criterion says; a file input is drawn by its label.
//
//   ./dev nox -s e2e
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { RESULTS_DIR, baseUrl, useBrowser } from './support/browser.mjs';
import { call, newUser, signInThroughDialog } from './support/accounts.mjs';

const BASE_URL = baseUrl();

const browser = useBrowser();

/** Every visible target under 24 x 24 px that is not a link in running text. */
function smallTargets(page) {
  return page.evaluate(() => {
    const selector = 'a[href], button, input:not([type=hidden]):not([type=file]), select, textarea, [role=button], [role=tab], [role=menuitem], summary';
    const inRunningText = (element) => {
      const parent = element.parentElement;
      return (
        element.tagName === 'A' &&
        parent !== null &&
        ['P', 'LI', 'SPAN', 'TD'].includes(parent.tagName) &&
        (parent.textContent ?? '').trim().length > (element.textContent ?? '').trim().length + 10
      );
    };
    return [...document.querySelectorAll(selector)]
      .map((element) => ({ element, box: element.getBoundingClientRect(), style: getComputedStyle(element) }))
      .filter(({ element, box, style }) => style.visibility !== 'hidden' && box.width > 0 && box.height > 0 && !element.closest('[aria-hidden=true]'))
      .filter(({ box }) => box.width < 23.5 || box.height < 23.5)
      .filter(({ element }) => !inRunningText(element))
      .map(({ element, box }) => `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 50)}" ${Math.round(box.width)}x${Math.round(box.height)}`);
  });
}

/** Moves within the app (no reload, so the session stays) and waits for the page to settle. */
async function visit(page, path, ready) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await ready();
  await page.waitForTimeout(500);
}

describe('tap targets', () => {
  for (const [width, height] of [[375, 812], [1440, 900]]) {
    test(`at ${width} px every target is at least 24 x 24 px`, { timeout: 120_000 }, async () => {
      const member = await newUser('tap-targets');
      const listed = await call('/api/v1/templates?size=20', { method: 'GET' });
      const template = listed.body.templates.find((candidate) => !candidate.is_premium);
      const design = await call('/api/v1/designs', { token: member.token, body: { template_id: template.id, name: 'Harvest flyer' } });
      assert.equal(design.status, 201, JSON.stringify(design.body));
      const today = new Date().toISOString().slice(0, 10);
      const scheduled = await call(`/api/v1/designs/${design.body.id}`, { method: 'PATCH', token: member.token, body: { scheduled_for: today } });
      assert.equal(scheduled.status, 200, JSON.stringify(scheduled.body));

      const page = await browser.newPage({ viewport: { width, height } });
      const found = {};
      try {
        await page.goto(`${BASE_URL}/`);
        await page.getByRole('region', { name: 'Church' }).getByRole('img').first().waitFor();
        found['/ (signed out)'] = await smallTargets(page);
        await signInThroughDialog(page, member.email);
        await page.waitForTimeout(500);
        found['/'] = await smallTargets(page);
        await visit(page, '/templates', () => page.getByRole('list', { name: 'Templates' }).first().waitFor());
        found['/templates'] = await smallTargets(page);
        await visit(page, '/logo-maker', () => page.getByRole('region', { name: 'Your logos' }).getByRole('img').first().waitFor());
        found['/logo-maker'] = await smallTargets(page);
        await visit(page, '/my-designs', () => page.getByRole('link', { name: 'Open Harvest flyer' }).first().waitFor());
        found['/my-designs'] = await smallTargets(page);
        await page.screenshot({ path: `${RESULTS_DIR}tap-targets-my-designs-${width}.png`, fullPage: true });
        await visit(page, '/account', () => page.getByRole('heading', { level: 1 }).first().waitFor());
        found['/account'] = await smallTargets(page);
      } finally {
        await page.close();
      }
      const small = Object.fromEntries(Object.entries(found).filter(([, targets]) => targets.length > 0));
      assert.deepEqual(small, {}, `targets under 24 x 24 px at ${width} px`);
    });
  }
});
