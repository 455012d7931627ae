// The admin photo editor in a real Chromium: an administrator uploads a photo, enhances and crops
// it on the server, finds the result stored and uses it in a new design, which opens in the editor
// with the photo on the canvas; a member is refused by the page and the server.
//
//   ./dev nox -s e2e   (needs E2E_CLI_PYTHON and E2E_SERVER_ENV to grant the admin role)
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { RESULTS_DIR, baseUrl, launchBrowser } from './support/browser.mjs';
import { designcore } from './support/cli.mjs';
import { call, newUser, signInThroughDialog } from './support/accounts.mjs';

const BASE_URL = baseUrl();

let browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

/** A real photo-like picture: the first seed template's preview, as a PNG from the render path. */
async function samplePhoto() {
  const rows = await call('/api/v1/templates/home', { method: 'GET' });
  const preview = rows.body.rows.flatMap((row) => row.templates)[0]?.preview_url;
  assert.ok(preview, 'no seed preview to use as a photo');
  const url = new URL(preview, BASE_URL);
  url.pathname = url.pathname.replace('/storage/v1/object/public/', '/storage/v1/render/image/public/');
  url.search = '?format=png&width=600';
  const answer = await fetch(url);
  assert.equal(answer.status, 200);
  return Buffer.from(await answer.arrayBuffer());
}

describe('AI Photo Editor', () => {
  test('an admin enhances and crops a photo, the result is stored, and it is used in a design', async () => {
    const admin = await newUser('photo-admin');
    await designcore('admin', 'grant', admin.email);
    const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
    try {
      await page.goto(`${BASE_URL}/ai-photo-editor`);
      await signInThroughDialog(page, admin.email);
      await page.getByRole('heading', { name: 'AI Photo Editor' }).waitFor();

      await page.getByLabel('Upload a photo').setInputFiles({ name: 'market.png', mimeType: 'image/png', buffer: await samplePhoto() });
      await page.getByRole('img', { name: 'The original photo' }).waitFor();
      const panel = page.getByRole('complementary', { name: 'Adjustments' });
      await panel.getByRole('button', { name: 'Auto-enhance' }).click();
      await panel.getByRole('button', { name: 'Square 1:1' }).click();
      await panel.getByRole('button', { name: 'Apply 2 steps' }).click();

      const edited = page.getByRole('img', { name: 'The edited photo' });
      await edited.waitFor();
      await page.waitForFunction(() => {
        const image = document.querySelector('img[alt="The edited photo"]');
        return image instanceof HTMLImageElement && image.complete && image.naturalWidth > 0;
      });
      const [width, height] = await edited.evaluate((image) => [image.naturalWidth, image.naturalHeight]);
      assert.equal(width, height, 'the square crop is square');
      const caption = await page.getByText(/^After: \d+ × \d+$/).textContent();
      assert.match(caption, /^After: (\d+) × \1$/);
      const key = await page.locator('code').first().textContent();
      assert.match(key, /^user-uploads\/[0-9a-f-]+\/photo-editor\//);
      const stored = await fetch(`${BASE_URL}/storage/v1/object/public/${key}`);
      assert.equal(stored.status, 200);
      await page.screenshot({ path: `${RESULTS_DIR}photo-editor-after-1440.png` });

      await page.getByRole('button', { name: 'Before' }).click();
      await page.getByRole('img', { name: 'The original photo' }).waitFor();
      await page.screenshot({ path: `${RESULTS_DIR}photo-editor-before-1440.png` });

      await page.getByRole('button', { name: 'Use in a design' }).click();
      await page.waitForURL(/\/editor\?designId=/, { timeout: 30_000 });
      const designId = new URL(page.url()).searchParams.get('designId');
      const design = await call(`/api/v1/designs/${designId}`, { method: 'GET', token: admin.token });
      assert.equal(design.status, 200);
      const { document } = design.body;
      assert.deepEqual([document.width, document.height], [width, width], 'the page is the photo\'s size');
      const images = document.pages[0].children.filter((element) => element.type === 'image');
      assert.equal(images.length, 1);
      assert.equal(images[0].src, `/storage/v1/object/public/${key}`);
      assert.equal((await fetch(new URL(images[0].src, BASE_URL))).status, 200);
      await page.getByRole('region', { name: 'Layers' }).getByRole('button', { name: 'Hide Photo' }).waitFor();
      await page.waitForTimeout(500);
      await page.screenshot({ path: `${RESULTS_DIR}photo-editor-design-1440.png` });
    } finally {
      await page.close();
    }
  });

  test('a member is refused by the page and by the server', async () => {
    const member = await newUser('photo-member');
    const refused = await call('/api/v1/photo-editor/edits', {
      token: member.token,
      body: { source: 'user-uploads/x/y.png', operations: [{ op: 'enhance' }] },
    });
    assert.equal(refused.status, 403);
    assert.equal(refused.body.code, 'admin_only');

    const page = await browser.newPage({ viewport: { width: 375, height: 800 }, isMobile: true });
    try {
      await page.goto(`${BASE_URL}/ai-photo-editor`);
      await signInThroughDialog(page, member.email);
      await page.getByRole('heading', { name: 'Not allowed' }).waitFor();
      assert.equal(await page.getByLabel('Upload a photo').count(), 0);
    } finally {
      await page.close();
    }
  });
});
