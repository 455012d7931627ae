// Browsing as a new visitor would, in a real Chromium against the running server: Home → search →
// the listing → page 2 → a preview → a related template → close returns to the listing. Checks
// axe-core (no serious or critical violations) on Home, a listing and the preview dialog, that
// no page scrolls sideways at 360, 768, 1024 and 1440 px, and saves screenshots of the three
// screens at 375 and 1440 px to web/test-results/ (browse-*.png).
//
//   E2E_BASE_URL=http://127.0.0.1:8000 node --test e2e/browse.e2e.mjs
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { assertAccessible } from './support/axe.mjs';
import { baseUrl, useBrowser, RESULTS_DIR } from './support/browser.mjs';

const BASE_URL = baseUrl();
/** A term with more than one page of results in the seeded catalogue. */
const SEARCH_TERM = 'post';

const browser = useBrowser();

async function newPage(width, height = 900) {
  const context = await browser.newContext({ viewport: { width, height }, bypassCSP: true });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, context, errors };
}

async function assertNoSidewaysScroll(page, what) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  assert.ok(scrollWidth <= innerWidth, `${what} at ${innerWidth}px is ${scrollWidth}px wide: it scrolls sideways`);
}

/** Waits until every image in the viewport has loaded (or failed), so screenshots show them. */
async function settleImages(page) {
  await page.waitForFunction(
    () =>
      [...document.images]
        .filter((img) => {
          const box = img.getBoundingClientRect();
          return box.bottom > 0 && box.top < window.innerHeight && box.right > 0 && box.left < window.innerWidth;
        })
        .every((img) => img.complete),
    null,
    { timeout: 45_000 },
  );
}

async function firstTemplateId() {
  const response = await fetch(`${BASE_URL}/api/v1/templates?size=1`);
  const body = await response.json();
  return body.templates[0].id;
}

describe('browsing templates', () => {
  test('home → search → listing → page 2 → preview → related → close returns to the listing', async () => {
    const { page, context, errors } = await newPage(1440);
    try {
      await page.goto(`${BASE_URL}/`);
      await page.getByRole('heading', { level: 1, name: 'Design Like a Pro' }).waitFor();
      const church = page.getByRole('region', { name: 'Church', exact: true });
      await church.getByRole('link').first().waitFor();
      await assertAccessible(page, 'Home');

      const search = page.getByRole('textbox', { name: 'Search templates' });
      await search.fill(`  ${SEARCH_TERM}  `);
      await search.press('Enter');
      await page.waitForURL(`${BASE_URL}/templates?search=${SEARCH_TERM}`);
      await page.getByRole('heading', { level: 1, name: `Results for “${SEARCH_TERM}”` }).waitFor();
      const grid = page.getByRole('list', { name: 'Templates' });
      await grid.getByRole('link').first().waitFor();
      assert.equal(await grid.getByRole('link').count(), 24, 'the first page shows 24 templates');
      await assertAccessible(page, 'the search listing');

      await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Next' }).click();
      await page.waitForURL(`${BASE_URL}/templates?search=${SEARCH_TERM}&page=2`);
      await page.getByText(/^25–\d+ of \d+ templates$/).waitFor();
      const secondPage = await grid.getByRole('link').count();
      assert.ok(secondPage >= 1 && secondPage <= 24, `page 2 shows ${secondPage} templates`);

      const card = grid.getByRole('link').first();
      const name = await card.getByRole('img').getAttribute('alt');
      await card.click();
      await page.waitForURL(new RegExp(`/templates/template/[^/?]+\\?search=${SEARCH_TERM}&page=2$`));
      const dialog = page.getByRole('dialog', { name, exact: true });
      await dialog.waitFor();
      await dialog.getByRole('img', { name, exact: true }).waitFor();
      assert.ok(await dialog.getByRole('button', { name: /Customize Template/ }).isVisible());
      const related = dialog.getByRole('list', { name: 'You might also like' });
      await related.getByRole('link').first().waitFor();
      assert.ok((await related.getByRole('link').count()) <= 16);
      await assertAccessible(page, 'the preview dialog', '[role="dialog"]');

      const relatedCard = related.getByRole('link').first();
      const relatedName = await relatedCard.getByRole('img').getAttribute('alt');
      const before = page.url();
      await relatedCard.click();
      await page.waitForURL((url) => url.toString() !== before && url.pathname.startsWith('/templates/template/'));
      await page.getByRole('dialog', { name: relatedName, exact: true }).waitFor();

      await page.keyboard.press('Escape');
      await page.waitForURL(`${BASE_URL}/templates?search=${SEARCH_TERM}&page=2`);
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await page.getByText(/^25–\d+ of \d+ templates$/).waitFor();
      assert.equal(await grid.getByRole('link').count(), secondPage, 'the same listing page is back');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  test('closing a preview opened from Home returns to /', async () => {
    const { page, context } = await newPage(1440);
    try {
      await page.goto(`${BASE_URL}/`);
      const card = page.getByRole('region', { name: 'Birthdays', exact: true }).getByRole('link').nth(1);
      await card.getByRole('img').waitFor();
      await card.scrollIntoViewIfNeeded();
      await card.click();
      await page.waitForURL(/\/template\/[^/]+$/);
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Close' }).click();
      await page.waitForURL(`${BASE_URL}/`);
      await page.getByRole('dialog').waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  });

  for (const width of [360, 768, 1024, 1440]) {
    test(`no sideways scroll at ${width}px on Home, a listing and the preview`, async () => {
      const { page, context } = await newPage(width, 800);
      try {
        const id = await firstTemplateId();
        for (const [what, path] of [
          ['Home', '/'],
          ['a listing', '/templates/church'],
          ['the preview dialog', `/templates/church/template/${id}`],
        ]) {
          await page.goto(`${BASE_URL}${path}`);
          await page.locator('main img').first().waitFor();
          await assertNoSidewaysScroll(page, what);
        }
      } finally {
        await context.close();
      }
    });
  }

  for (const width of [375, 1440]) {
    test(`screenshots at ${width}px`, async () => {
      const { page, context } = await newPage(width, width < 1024 ? 812 : 900);
      try {
        const id = await firstTemplateId();
        for (const [name, path] of [
          ['home', '/'],
          ['listing', '/templates?search=post'],
          ['preview', `/templates/template/${id}`],
        ]) {
          await page.goto(`${BASE_URL}${path}`);
          await page.locator('img').first().waitFor();
          if (name === 'preview') await page.getByRole('dialog').getByRole('img').first().waitFor();
          await settleImages(page);
          await page.screenshot({ path: `${RESULTS_DIR}browse-${name}-${width}.png` });
        }
      } finally {
        await context.close();
      }
    });
  }
});
