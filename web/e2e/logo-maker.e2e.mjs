// The Logo Maker in a real Chromium: a brand name set into every logo by the server; a free
// member choosing one gets the upgrade dialog, a premium member gets a design in the editor.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { newUser, makePremium, signInThroughDialog } from './support/accounts.mjs';
import { RESULTS_DIR, baseUrl, useBrowser } from './support/browser.mjs';

const BASE_URL = baseUrl();

const browser = useBrowser();

async function previewsOf(page) {
  return page.getByRole('region', { name: 'Your logos' }).getByRole('img').evaluateAll((images) => images.map((image) => image.src));
}

describe('Logo Maker', () => {
  test('a premium member makes a logo with a brand name and opens it in the editor', async () => {
    const member = await newUser('logo-premium');
    await makePremium(member.token);
    const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
    try {
      await page.goto(`${BASE_URL}/logo-maker`);
      await signInThroughDialog(page, member.email);
      const logos = page.getByRole('region', { name: 'Your logos' });
      await logos.getByRole('img').first().waitFor();
      const before = await previewsOf(page);
      assert.ok(before.length >= 9, `only ${before.length} logos`);

      await page.getByLabel('Brand name').fill("Ada's Kitchen");
      await page.getByLabel('Tagline').fill('Jollof for every party');
      await page.getByLabel('Industry').selectOption('Food');
      await page.waitForFunction(
        (old) => {
          const images = [...document.querySelectorAll('section[aria-label="Your logos"] img')].map((image) => image.src);
          return images.length > 0 && images.every((src) => !old.includes(src));
        },
        before,
        { timeout: 30_000 },
      );
      await page.screenshot({ path: `${RESULTS_DIR}logo-maker-1440.png` });

      await logos.getByRole('button', { name: /^Use / }).first().click();
      await page.waitForURL(/\/editor\?designId=/, { timeout: 30_000 });
      const designId = new URL(page.url()).searchParams.get('designId');
      const design = await fetch(`${BASE_URL}/api/v1/designs/${designId}`, { headers: { Authorization: `Bearer ${member.token}` } });
      assert.equal(design.status, 200);
      const body = await design.json();
      assert.equal(body.name, "Ada's Kitchen");
      const texts = body.document.pages[0].children.filter((element) => element.type === 'text').map((element) => element.text);
      assert.ok(texts.includes("Ada's Kitchen"), `texts: ${texts}`);
    } finally {
      await page.close();
    }
  });

  test('a free member who chooses a logo is offered the upgrade', async () => {
    const member = await newUser('logo-free');
    const page = await browser.newPage({ viewport: { width: 375, height: 800 }, isMobile: true });
    try {
      await page.goto(`${BASE_URL}/logo-maker`);
      await signInThroughDialog(page, member.email);
      const logos = page.getByRole('region', { name: 'Your logos' });
      await logos.getByRole('img').first().waitFor();
      await page.screenshot({ path: `${RESULTS_DIR}logo-maker-375.png`, fullPage: false });
      await logos.getByRole('button', { name: /^Use / }).first().click();
      await page.getByRole('dialog').filter({ hasText: /1,500/ }).waitFor();
      assert.equal(new URL(page.url()).pathname, '/logo-maker');
    } finally {
      await page.close();
    }
  });
});
