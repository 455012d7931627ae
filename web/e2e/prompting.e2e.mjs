// Design prompting in a real Chromium (issue 23): a sentence typed on Home gives four designs
// with its details in place and the details as chips; a chip is corrected, "Show me four more"
// draws the next four with the correction, and the design chosen opens in the editor with the
// venue and phone in its texts. At 375 px a visitor signs up on choosing; at 1440 px, by keyboard
// alone, the visitor's day of prompts runs out, they sign in from the message, and go on. axe-core
// checks the results, and screenshots go to web/test-results/prompting-*.png.
//
//   ./dev nox -s e2e -- prompting
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { PASSWORD, call, newUser } from './support/accounts.mjs';
import { assertAccessible } from './support/axe.mjs';
import { RESULTS_DIR, baseUrl, useBrowser } from './support/browser.mjs';

const BASE_URL = baseUrl();

const browser = useBrowser();

const PROMPT = "Flyer for my mum's 60th birthday, Saturday 14 March at Eko Hotel, Lagos, RSVP 0803 123 4567";
const PHONE = '0803 123 4567';

/** The result cards' list. */
const resultsOf = (page) => page.getByRole('list', { name: 'Designs for your prompt' });

/**
 * Waits for new cards (four, or `least` to four: the last round may have fewer) whose previews
 * have drawn; answers their names.
 */
async function fourCards(page, before = [], least = 4) {
  await page.waitForFunction(
    ([old, fewest]) => {
      const list = document.querySelector('ul[aria-label="Designs for your prompt"]');
      if (!list || list.getAttribute('aria-busy') === 'true') return false;
      const images = [...list.querySelectorAll('img')];
      return images.length >= fewest && images.length <= 4 && images.every((image) => image.complete && image.naturalWidth > 0 && !old.includes(image.alt));
    },
    [before, least],
    { timeout: 60_000 },
  );
  return resultsOf(page).getByRole('img').evaluateAll((images) => images.map((image) => image.alt));
}

async function assertNoSidewaysScroll(page, what) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  assert.ok(scrollWidth <= clientWidth, `${what}: the page is ${scrollWidth}px wide in a ${clientWidth}px viewport`);
}

/** Every visible control of the prompt designer under 44 x 44 px (the chips, cards' buttons, …). */
function smallTargets(page) {
  return page.evaluate(() => {
    const designer = document.querySelector('form[aria-label="Describe your design"]')?.parentElement;
    if (!designer) return ['no designer'];
    return [...designer.querySelectorAll('button, input, textarea')]
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && box.height > 0)
      .filter(({ box }) => box.width < 43.5 || box.height < 43.5)
      .map(({ element, box }) => `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}" ${Math.round(box.width)}x${Math.round(box.height)}`);
  });
}

/** The chips fit the viewport (they wrap instead of overflowing). */
function chipsOverflowing(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('ul li > button[aria-describedby]')]
      .map((chip) => chip.getBoundingClientRect())
      .filter((box) => box.right > document.documentElement.clientWidth + 0.5 || box.left < -0.5).length,
  );
}

/** The signed-in member's access token, as the app keeps it. */
function tokenOf(page) {
  return page.evaluate(() => JSON.parse(localStorage.getItem('designcore.auth') ?? 'null')?.access_token ?? null);
}

/** The opened design's texts (from the API) and the texts of the editor's panel on screen. */
async function openedTexts(page) {
  await page.waitForURL(/\/editor\?designId=/, { timeout: 60_000 });
  await page.locator('[aria-label=Canvas] canvas').first().waitFor({ timeout: 60_000 });
  const designId = new URL(page.url()).searchParams.get('designId');
  const answer = await call(`/api/v1/designs/${designId}`, { method: 'GET', token: await tokenOf(page) });
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  const texts = [];
  const walk = (elements) => {
    for (const element of elements) {
      if (element.type === 'text') texts.push(element.text);
      if (element.children) walk(element.children);
    }
  };
  for (const page of answer.body.document.pages) walk(page.children);
  // At 375 px the panel is a closed sheet: read it whether shown or not.
  const onScreen = await page
    .locator('aside[aria-label="Design panels"]')
    .evaluate((panel) => [...panel.querySelectorAll('input, textarea')].map((field) => field.value).concat(panel.textContent ?? ''));
  return { texts, onScreen: onScreen.join('\n') };
}

/**
 * Presses `key` (Tab, or Shift+Tab to go back) until the focused element's accessible text
 * matches `name` (at most `limit` times); `free` skips the cards marked Premium, `card` is what
 * the focused control's card must say.
 */
async function tabTo(page, name, { limit = 60, key = 'Tab', free = false, card = /(?:)/ } = {}) {
  const focused = () =>
    page.evaluate(() => {
      const element = document.activeElement;
      if (!element) return { text: '', premium: false, card: '' };
      const item = element.closest('li');
      return {
        text: (element.getAttribute('aria-label') ?? element.textContent ?? '').trim(),
        premium: item !== null && [...item.querySelectorAll('span')].some((span) => span.textContent === 'Premium'),
        card: item?.textContent ?? '',
      };
    });
  for (let n = 0; n <= limit; n += 1) {
    const now = await focused();
    if (name.test(now.text) && !(free && now.premium) && card.test(now.card)) return now.text;
    await page.keyboard.press(key);
  }
  throw new Error(`no control matching ${name} within ${limit} presses of ${key}`);
}

describe('design prompting', () => {
  test('375 px: a visitor prompts on Home, corrects the venue, sees four more, signs up on choosing and the editor opens with the details', { timeout: 240_000 }, async () => {
    const context = await browser.newContext({ baseURL: BASE_URL, viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const problems = [];
    page.on('pageerror', (error) => problems.push(error.message));
    try {
      await page.goto('/');
      const box = page.getByRole('textbox', { name: 'Describe your design' });
      await box.fill(PROMPT);
      await page.getByRole('button', { name: 'Design it' }).click();
      await page.getByRole('status').filter({ hasText: 'Drawing your designs…' }).waitFor({ timeout: 10_000 });
      const first = await fourCards(page);
      await page.getByRole('status').filter({ hasText: '4 designs for your prompt.' }).waitFor();
      for (const name of ['Date: Saturday 14 March', 'Venue: Eko Hotel', `Phone: ${PHONE}`]) {
        await page.getByRole('button', { name, exact: true }).waitFor();
      }
      await assertNoSidewaysScroll(page, 'the results at 375 px');
      assert.equal(await chipsOverflowing(page), 0, 'a chip runs off the screen');
      assert.deepEqual(await smallTargets(page), [], 'targets under 44 px');
      await page.getByRole('button', { name: 'Venue: Eko Hotel', exact: true }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${RESULTS_DIR}prompting-results-375.png` });
      await assertAccessible(page, 'Home with the prompt results at 375 px');

      await page.getByRole('button', { name: 'Venue: Eko Hotel', exact: true }).click();
      const venue = page.getByRole('textbox', { name: 'Venue' });
      await venue.fill('Eko Hotel & Suites');
      await venue.press('Enter');
      await page.getByRole('button', { name: 'Venue: Eko Hotel & Suites', exact: true }).waitFor();
      await page.screenshot({ path: `${RESULTS_DIR}prompting-corrected-375.png` });

      await page.getByRole('button', { name: 'Show me four more' }).click();
      const second = await fourCards(page, first);
      assert.equal(second.filter((name) => first.includes(name)).length, 0, `the same designs again: ${second}`);

      const card = resultsOf(page).getByRole('listitem').filter({ hasNotText: 'Premium' }).filter({ hasText: /With your .*venue.*phone/ }).first();
      await card.getByRole('button', { name: /^Use this design: / }).click();
      const dialog = page.getByRole('dialog', { name: 'Join creators on designcore' });
      await dialog.getByLabel('First name').fill('Ngozi');
      await dialog.getByLabel('Last name').fill('Eze');
      await dialog.getByLabel('Email').fill(`prompting-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`);
      await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await dialog.getByRole('button', { name: 'Create Account' }).click();

      const { texts, onScreen } = await openedTexts(page);
      assert.ok(texts.some((text) => text.includes('Eko Hotel & Suites')), `the venue is not in the design's texts: ${JSON.stringify(texts)}`);
      assert.ok(texts.some((text) => text.includes(PHONE)), `the phone is not in the design's texts: ${JSON.stringify(texts)}`);
      assert.ok(onScreen.includes('Eko Hotel & Suites') && onScreen.includes(PHONE), 'the editor panel shows the venue and the phone');
      await page.screenshot({ path: `${RESULTS_DIR}prompting-editor-375.png` });

      // On a phone the left panel is the "Edit" sheet; the prompt is in it.
      await page.getByRole('navigation', { name: 'Editor panels' }).getByRole('button', { name: 'Edit' }).click();
      const panel = page.getByRole('complementary', { name: 'Design panels' });
      await panel.getByText('Describe a new design').click();
      await panel.getByRole('textbox', { name: 'Describe your design' }).scrollIntoViewIfNeeded();
      await assertNoSidewaysScroll(page, "the editor's prompt panel at 375 px");
      await page.screenshot({ path: `${RESULTS_DIR}prompting-editor-panel-375.png` });
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  test('1440 px by keyboard: the visitor runs out of prompts, signs in from the message, sees four more and opens one', { timeout: 240_000 }, async () => {
    const member = await newUser('prompting');
    const context = await browser.newContext({ baseURL: BASE_URL, viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const problems = [];
    page.on('pageerror', (error) => problems.push(error.message));
    try {
      await page.goto('/');
      await page.getByRole('textbox', { name: 'Describe your design' }).focus();
      await page.keyboard.type(PROMPT);
      await page.keyboard.press('Enter');
      let cards = await fourCards(page);
      await page.screenshot({ path: `${RESULTS_DIR}prompting-results-1440.png`, fullPage: true });
      await assertAccessible(page, 'Home with the prompt results at 1440 px');
      await assertNoSidewaysScroll(page, 'the results at 1440 px');

      // "Show me four more" (or the prompt again after the last four) until the visitor's
      // prompts for the day are used. Each server process counts its own, so how many that
      // takes depends on how many processes serve.
      const alert = page.getByRole('alert');
      const more = page.getByRole('button', { name: 'Show me four more' });
      for (let n = 0; n < 8 && !(await alert.isVisible()); n += 1) {
        if (await more.isVisible()) {
          await tabTo(page, /^Show me four more$/);
        } else {
          await page.getByRole('textbox', { name: 'Describe your design' }).focus();
        }
        await page.keyboard.press('Enter');
        await Promise.race([alert.waitFor({ timeout: 60_000 }), fourCards(page, cards, 1).then((next) => (cards = next))]);
      }
      await alert.filter({ hasText: 'You have tried 3 prompts today: sign in for more.' }).waitFor();
      await page.screenshot({ path: `${RESULTS_DIR}prompting-sign-in-needed-1440.png` });
      await alert.getByRole('button', { name: 'Sign in' }).focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Welcome Back' });
      await dialog.getByLabel('Email').fill(member.email);
      await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await dialog.getByLabel('Password', { exact: true }).press('Enter');
      await page.getByRole('button', { name: 'Open account menu' }).waitFor();
      await page.getByRole('alert').waitFor({ state: 'detached', timeout: 5_000 });

      // Signed in, the same prompt again: Enter in the box.
      await page.getByRole('textbox', { name: 'Describe your design' }).focus();
      await Promise.all([
        page.waitForResponse((response) => response.url().endsWith('/api/v1/prompts/designs') && response.status() === 200),
        page.keyboard.press('Enter'),
      ]);
      cards = await fourCards(page);

      // Correct the phone by keyboard: Escape cancels, Enter saves, the focus comes back.
      await page.getByRole('textbox', { name: 'Describe your design' }).focus();
      await tabTo(page, /^Phone: /);
      await page.keyboard.press('Enter');
      await page.keyboard.type('x');
      await page.keyboard.press('Escape');
      assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), `Phone: ${PHONE}`);
      await page.keyboard.press('Enter');
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type('0803 765 4321');
      await page.keyboard.press('Enter');
      assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'Phone: 0803 765 4321');

      await tabTo(page, /^Show me four more$/);
      await page.keyboard.press('Enter');
      cards = await fourCards(page, cards);
      // A free card that holds the venue and the phone ("With your …, venue, … and phone").
      const chosen = await tabTo(page, /^Use this design: /, { key: 'Shift+Tab', free: true, card: /venue.*phone/ });
      assert.match(chosen, /^Use this design: /);
      await page.keyboard.press('Enter');

      const { texts, onScreen } = await openedTexts(page);
      assert.ok(texts.some((text) => text.includes('Eko Hotel')), `the venue is not in the design's texts: ${JSON.stringify(texts)}`);
      assert.ok(texts.some((text) => text.includes('0803 765 4321')), `the corrected phone is not in the design's texts: ${JSON.stringify(texts)}`);
      assert.ok(onScreen.includes('Eko Hotel') && onScreen.includes('0803 765 4321'), 'the editor panel shows the venue and the phone');
      await page.screenshot({ path: `${RESULTS_DIR}prompting-editor-1440.png` });

      // The editor's left panel has the prompt too.
      const panel = page.getByRole('complementary', { name: 'Design panels' });
      await panel.getByText('Describe a new design').click();
      await panel.getByRole('textbox', { name: 'Describe your design' }).waitFor();
      await page.screenshot({ path: `${RESULTS_DIR}prompting-editor-panel-1440.png` });
      await assertAccessible(page, "the editor's prompt panel", 'aside[aria-label="Design panels"] details');
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  test('the template listings have the prompt box', { timeout: 60_000 }, async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    try {
      await page.goto(`${BASE_URL}/templates/birthdays`);
      await page.getByRole('textbox', { name: 'Describe your design' }).waitFor();
      await page.screenshot({ path: `${RESULTS_DIR}prompting-listing-1440.png` });
    } finally {
      await page.close();
    }
  });
});
