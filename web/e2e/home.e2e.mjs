// End-to-end check of the home screen in a real Chromium, against a running backend that serves
// the built app and the API on one origin.
//
//   E2E_BASE_URL=http://127.0.0.1:8000 npm run e2e
//
// Screenshots go to ../test-results/ (home.png, home-mobile.png, and *-fold.png of the first screen).
// CHROMIUM_PATH points at the browser (default /usr/bin/chromium; Debian's `chromium` package).
// Nothing is downloaded: playwright-core only drives the browser it is given.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { RESULTS_DIR, baseUrl, useBrowser } from './support/browser.mjs';

const BASE_URL = baseUrl();

const ROWS = [
  ['Church', 'church'],
  ['Birthdays', 'birthdays'],
  ['Business & Industries', 'business-and-industries'],
  ['Social Media Post', 'social-media-post'],
  ['New Month', 'new-month'],
];

const VIEWPORTS = [
  { name: 'desktop', viewport: { width: 1440, height: 900 }, screenshot: 'home' },
  { name: 'mobile', viewport: { width: 390, height: 844 }, screenshot: 'home-mobile', isMobile: true },
];

const browser = useBrowser();

/** Waits until at least one preview image inside `row` has really loaded. */
async function waitForLoadedImage(page, row, category) {
  await row.scrollIntoViewIfNeeded();
  const handle = await row.elementHandle();
  try {
    await page.waitForFunction(
      (element) => [...element.querySelectorAll('img')].some((img) => img.complete && img.naturalWidth > 0),
      handle,
      { timeout: 15_000 },
    );
  } catch (error) {
    throw new Error(`No preview image loaded in the "${category}" row: ${error.message}`);
  }
}

for (const { name, viewport, screenshot, isMobile = false } of VIEWPORTS) {
  describe(`home page (${name} ${viewport.width}x${viewport.height})`, () => {
    let context;
    let page;
    const pageErrors = [];

    before(async () => {
      context = await browser.newContext({ baseURL: BASE_URL, viewport, isMobile, hasTouch: isMobile });
      page = await context.newPage();
      page.on('pageerror', (error) => pageErrors.push(error.message));
      await page.goto('/');
    });

    after(async () => {
      await context?.close();
    });

    test('shows the hero', { timeout: 30_000 }, async () => {
      await page.getByRole('heading', { level: 1, name: 'Design Like a Pro' }).waitFor();
      await page.getByText('Culturally relevant. Fully editable. Always professional.').waitFor();
      const search = page.getByRole('textbox', { name: 'Search templates' });
      assert.equal(await search.getAttribute('placeholder'), 'Browse hundreds of templates');
    });

    test('shows the five category rows, each with a loaded preview and a View more link', { timeout: 60_000 }, async () => {
      for (const [category, slug] of ROWS) {
        await page.getByRole('heading', { level: 3, name: category, exact: true }).waitFor({ timeout: 15_000 });
        const row = page.getByRole('region', { name: category, exact: true });
        await waitForLoadedImage(page, row, category);
        const viewMore = row.getByRole('link', { name: 'View more' });
        assert.equal(await viewMore.getAttribute('href'), `/templates/${slug}`);
      }
      const headings = await page
        .getByRole('region', { name: 'Latest Templates' })
        .getByRole('heading', { level: 3 })
        .allTextContents();
      assert.deepEqual(
        headings,
        ROWS.map(([category]) => category),
      );
    });

    test('fits the viewport width (no sideways scrolling)', async () => {
      const { scrollWidth, clientWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
      }));
      assert.ok(scrollWidth <= clientWidth, `page is ${scrollWidth}px wide in a ${clientWidth}px viewport`);
    });

    test('saves a full-page screenshot and one of the first screen', { timeout: 30_000 }, async () => {
      await page.evaluate(() => window.scrollTo(0, 0));
      // Full page: fixed bars (header, mobile bottom bar) show where the first screen ends.
      await page.screenshot({ path: `${RESULTS_DIR}${screenshot}.png`, fullPage: true, animations: 'disabled' });
      await page.screenshot({ path: `${RESULTS_DIR}${screenshot}-fold.png`, animations: 'disabled' });
    });

    test('searching opens /templates?search={term}', { timeout: 30_000 }, async () => {
      const search = page.getByRole('textbox', { name: 'Search templates' });
      await search.fill('   ');
      await search.press('Enter');
      assert.equal(new URL(page.url()).pathname, '/', 'a blank search must not navigate');

      await search.fill('  new month  ');
      await search.press('Enter');
      await page.waitForURL((url) => url.pathname === '/templates');
      assert.equal(new URL(page.url()).searchParams.get('search'), 'new month');
      await page.getByRole('heading', { level: 1, name: 'Results for “new month”' }).waitFor();
    });

    test('raised no uncaught errors in the page', () => {
      assert.deepEqual(pageErrors, []);
    });
  });
}
