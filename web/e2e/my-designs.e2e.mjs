// My Designs in a real Chromium, as a new user would use it: two designs made through the API
// (one saved, so its preview is drawn), the page lists them; one is dragged onto a day of the
// calendar, dragged on to another day, moved a day back with the keyboard alone (Move, arrow,
// Enter), and opened in the editor from the calendar. Screenshots
// at 1440 and 375 px go to web/test-results/.
//
//   ./dev nox -s e2e
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { RESULTS_DIR, baseUrl, useBrowser } from './support/browser.mjs';
import { call, newUser, signInThroughDialog } from './support/accounts.mjs';

const BASE_URL = baseUrl();

const browser = useBrowser();

/** Two free seed templates to start the designs from. */
async function freeTemplates() {
  const rows = await call('/api/v1/templates/home', { method: 'GET' });
  const templates = rows.body.rows.flatMap((row) => row.templates).filter((t) => !t.is_premium);
  assert.ok(templates.length >= 2, 'fewer than two free seed templates');
  return templates.slice(0, 2);
}

/** A design from `templateId`, renamed `name` and saved once (so its preview is drawn). */
async function makeDesign(token, templateId, name) {
  const created = await call('/api/v1/designs', { token, body: { template_id: templateId, name } });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const response = await fetch(`${BASE_URL}/api/v1/designs/${created.body.id}`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}`, 'If-Match': `"${created.body.version}"` },
    body: JSON.stringify({ document: created.body.document }),
  });
  assert.equal(response.status, 200, await response.text());
  return created.body;
}

async function scheduledFor(token, id) {
  const design = await call(`/api/v1/designs/${id}`, { method: 'GET', token });
  assert.equal(design.status, 200, JSON.stringify(design.body));
  return design.body.scheduled_for;
}

/** Polls until `check` answers true (the PATCH and the list refresh take a moment). */
async function eventually(check, what) {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  assert.fail(`timed out waiting for ${what}`);
}

describe('My Designs', () => {
  test('a design is dragged onto a day, moved to another day, and opened from the calendar', async () => {
    const user = await newUser('my-designs');
    const [first, second] = await freeTemplates();
    const flyer = await makeDesign(user.token, first.id, 'Harvest Sunday flyer');
    await makeDesign(user.token, second.id, 'Sallah sale post');

    const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
    const page = await context.newPage();
    try {
      await page.goto(`${BASE_URL}/my-designs`);
      await page.getByText('Sign in to see your designs and plan them on the calendar.').waitFor();
      await signInThroughDialog(page, user.email);

      const cards = page.getByRole('list', { name: 'Your designs' });
      await cards.getByRole('heading', { name: 'Sallah sale post' }).waitFor();
      await cards.getByRole('heading', { name: 'Harvest Sunday flyer' }).waitFor();
      // Newest edit first: the second design was saved last.
      const names = await cards.getByRole('heading', { level: 3 }).allTextContents();
      assert.deepEqual(names, ['Sallah sale post', 'Harvest Sunday flyer']);

      const grid = page.getByRole('grid');
      await grid.waitFor();
      const cells = grid.getByRole('gridcell');
      const dayOne = await cells.nth(9).getAttribute('data-day');
      const dayTwo = await cells.nth(17).getAttribute('data-day');

      // Drag the card onto a day.
      const card = cards.locator(`li[data-design-id="${flyer.id}"]`);
      await card.dragTo(grid.locator(`[data-day="${dayOne}"]`));
      await eventually(async () => (await scheduledFor(user.token, flyer.id)) === dayOne, `scheduled on ${dayOne}`);
      const first = grid.locator(`[data-day="${dayOne}"]`);
      await first.getByRole('link', { name: 'Open Harvest Sunday flyer' }).waitFor();
      assert.match(await first.getAttribute('aria-label'), /1 design$/);

      // Drag it on to another day.
      await first.locator(`[data-design-id="${flyer.id}"]`).dragTo(grid.locator(`[data-day="${dayTwo}"]`));
      await eventually(async () => (await scheduledFor(user.token, flyer.id)) === dayTwo, `moved to ${dayTwo}`);
      const second = grid.locator(`[data-day="${dayTwo}"]`);
      await second.getByRole('link', { name: 'Open Harvest Sunday flyer' }).waitFor();
      await eventually(async () => !/design/.test(await first.getAttribute('aria-label')), 'the first day emptied');

      // Without a mouse: the other design's Schedule button opens a date picker.
      const sale = (await call('/api/v1/designs?search=Sallah', { method: 'GET', token: user.token })).body.items[0];
      await page.getByRole('list', { name: 'Not on the calendar' }).getByRole('button', { name: 'Schedule Sallah sale post' }).click();
      const dialog = page.getByRole('dialog', { name: 'Schedule “Sallah sale post”' });
      await dialog.getByLabel('Day').fill(dayOne);
      await dialog.getByLabel('Day').press('Enter');
      await eventually(async () => (await scheduledFor(user.token, sale.id)) === dayOne, `the sale post on ${dayOne}`);
      await first.getByRole('link', { name: 'Open Sallah sale post' }).waitFor();
      await page.getByText('Every design has a day.').waitFor();

      // Without a mouse, in the grid: the flyer's Move button picks it up, an arrow carries it a
      // day back (the live region says the day), Enter drops it.
      const dayBefore = await cells.nth(16).getAttribute('data-day');
      const move = second.getByRole('button', { name: 'Move Harvest Sunday flyer', exact: true });
      await move.focus();
      await page.keyboard.press('Enter');
      await page.getByText(/^Picked up Harvest Sunday flyer from /).waitFor();
      await page.keyboard.press('ArrowLeft');
      const live = page.locator('[aria-live="assertive"]');
      const dayName = (await grid.locator(`[data-day="${dayBefore}"]`).getAttribute('aria-label')).split(',')[0];
      await eventually(async () => (await live.textContent()) === dayName, `the live region says ${dayName}`);
      await page.keyboard.press('Enter');
      await eventually(async () => (await scheduledFor(user.token, flyer.id)) === dayBefore, `moved by keyboard to ${dayBefore}`);
      const before = grid.locator(`[data-day="${dayBefore}"]`);
      await before.getByRole('link', { name: 'Open Harvest Sunday flyer' }).waitFor();
      await eventually(
        async () => (await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))) === 'Move Harvest Sunday flyer',
        'the focus follows the moved design',
      );
      // Back to the day the rest of the test expects.
      await page.keyboard.press('Enter');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Enter');
      await eventually(async () => (await scheduledFor(user.token, flyer.id)) === dayTwo, `moved back to ${dayTwo}`);
      await second.getByRole('link', { name: 'Open Harvest Sunday flyer' }).waitFor();

      // The previews come from the server once drawn.
      await page.waitForFunction(() => document.querySelectorAll('ul[aria-label="Your designs"] img').length === 2, null, { timeout: 20_000 });
      await page.screenshot({ path: `${RESULTS_DIR}my-designs-1440.png`, fullPage: true });

      // Open it from the calendar.
      await second.getByRole('link', { name: 'Open Harvest Sunday flyer' }).click();
      await page.waitForURL(`**/editor?designId=${flyer.id}`);
      await page.getByRole('textbox', { name: 'Design name' }).waitFor({ timeout: 20_000 });
      assert.equal(await page.getByRole('textbox', { name: 'Design name' }).inputValue(), 'Harvest Sunday flyer');

      // Phones get the calendar as a list.
      // (Back in the app: a fresh page load would need signing in again.)
      await page.setViewportSize({ width: 375, height: 812 });
      await page.goBack();
      await page.waitForURL('**/my-designs');
      const list = page.getByRole('list', { name: /^Calendar, / });
      await list.waitFor();
      assert.equal(await page.getByRole('grid').count(), 0);
      await list.getByRole('link', { name: 'Open Harvest Sunday flyer' }).waitFor();
      await page.screenshot({ path: `${RESULTS_DIR}my-designs-375.png`, fullPage: true });
    } finally {
      await context.close();
    }
  });

  test('the calendar follows the time zone saved on the Account page', async () => {
    const user = await newUser('my-designs-zone');
    const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
    const page = await context.newPage();
    try {
      await page.goto(`${BASE_URL}/account`);
      await signInThroughDialog(page, user.email);
      const select = page.getByRole('combobox', { name: 'Time zone' });
      await select.waitFor();
      assert.equal(await select.inputValue(), 'Africa/Lagos');
      // Kiritimati is UTC+14: most of the day it is already tomorrow there.
      await select.selectOption('Pacific/Kiritimati');
      await page.getByText('Time zone saved').waitFor();
      const profile = await call('/api/v1/profiles/me', { method: 'GET', token: user.token });
      assert.equal(profile.body.time_zone, 'Pacific/Kiritimati');
      await page.screenshot({ path: `${RESULTS_DIR}account-time-zone-1440.png` });

      await page.getByRole('link', { name: 'My Designs' }).first().click();
      const today = page.getByRole('grid').locator('[aria-current="date"]');
      await today.waitFor();
      const expected = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Kiritimati' }).format(new Date());
      assert.equal(await today.getAttribute('data-day'), expected);
    } finally {
      await context.close();
    }
  });
});
