// The admin photo editor in a real Chromium: an administrator uploads a photo, enhances and crops
// it on the server, finds the result stored and uses it in a new design, which opens in the editor
// with the photo on the canvas; a member is refused by the page and the server.
//
//   ./dev nox -s e2e   (needs E2E_CLI_PYTHON and E2E_SERVER_ENV to grant the admin role)
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { RESULTS_DIR, baseUrl, useBrowser } from './support/browser.mjs';
import { designcore } from './support/cli.mjs';
import { call, newUser, signInThroughDialog } from './support/accounts.mjs';

const BASE_URL = baseUrl();

const browser = useBrowser();

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

  test('an admin removes a plain background and gets a transparent PNG', async () => {
    const admin = await newUser('photo-cutout');
    await designcore('admin', 'grant', admin.email);
    const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
    try {
      await page.goto(`${BASE_URL}/ai-photo-editor`);
      await signInThroughDialog(page, admin.email);
      await page.getByRole('heading', { name: 'AI Photo Editor' }).waitFor();
      // A product shot made in the browser: a red bottle on an off-white wall, with noise.
      const dataUrl = await page.evaluate(() => {
        const canvas = document.createElement('canvas');
        canvas.width = 480;
        canvas.height = 360;
        const context = canvas.getContext('2d');
        context.fillStyle = 'rgb(236, 232, 225)';
        context.fillRect(0, 0, 480, 360);
        context.fillStyle = 'rgb(170, 30, 40)';
        context.beginPath();
        context.ellipse(240, 200, 90, 130, 0, 0, Math.PI * 2);
        context.fill();
        const pixels = context.getImageData(0, 0, 480, 360);
        let seed = 7;
        for (let i = 0; i < pixels.data.length; i += 4) {
          seed = (seed * 1103515245 + 12345) % 2147483648;
          const noise = (seed % 31) - 15;
          for (let c = 0; c < 3; c += 1) pixels.data[i + c] = Math.max(0, Math.min(255, pixels.data[i + c] + noise));
        }
        context.putImageData(pixels, 0, 0);
        return canvas.toDataURL('image/png');
      });
      const buffer = Buffer.from(dataUrl.split(',')[1], 'base64');
      await page.getByLabel('Upload a photo').setInputFiles({ name: 'bottle.png', mimeType: 'image/png', buffer });
      await page.getByRole('img', { name: 'The original photo' }).waitFor();
      const panel = page.getByRole('complementary', { name: 'Adjustments' });
      await panel.getByText(/^For a subject on a plain or nearly plain background/).waitFor();
      await panel.getByRole('button', { name: 'Remove background' }).click();
      await panel.getByRole('button', { name: 'Apply 1 step' }).click();
      await page.getByRole('img', { name: 'The edited photo' }).waitFor();
      const key = await page.locator('code').first().textContent();
      assert.match(key, /\.png$/);
      // Read the stored cut-out's alpha in the page: the corner is clear, the bottle is kept.
      const [corner, middle] = await page.evaluate(async (url) => {
        const image = new Image();
        image.src = url;
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = image.naturalWidth;
        canvas.height = image.naturalHeight;
        const context = canvas.getContext('2d');
        context.drawImage(image, 0, 0);
        return [context.getImageData(5, 5, 1, 1).data[3], context.getImageData(240, 200, 1, 1).data[3]];
      }, `/storage/v1/object/public/${key}`);
      assert.equal(corner, 0);
      assert.equal(middle, 255);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `${RESULTS_DIR}photo-editor-cutout-1440.png` });
    } finally {
      await page.close();
    }
  });

  test('on a phone, Apply brings its answer on screen: the result, or a refusal in plain words', async () => {
    const admin = await newUser('photo-phone');
    await designcore('admin', 'grant', admin.email);
    const page = await browser.newPage({ viewport: { width: 375, height: 800 }, isMobile: true });
    const onScreen = (locator) =>
      locator.evaluate((element) => {
        const box = element.getBoundingClientRect();
        return box.top < window.innerHeight && box.bottom > 0 && box.height > 0;
      });
    try {
      await page.goto(`${BASE_URL}/ai-photo-editor`);
      await signInThroughDialog(page, admin.email);
      await page.getByRole('heading', { name: 'AI Photo Editor' }).waitFor();
      // A busy picture: squares of every colour, nothing like a plain wall.
      const dataUrl = await page.evaluate(() => {
        const canvas = document.createElement('canvas');
        canvas.width = 300;
        canvas.height = 200;
        const context = canvas.getContext('2d');
        let seed = 3;
        for (let x = 0; x < 300; x += 10) {
          for (let y = 0; y < 200; y += 10) {
            seed = (seed * 1103515245 + 12345) % 2147483648;
            context.fillStyle = `hsl(${seed % 360}, 80%, ${30 + (seed % 50)}%)`;
            context.fillRect(x, y, 10, 10);
          }
        }
        return canvas.toDataURL('image/png');
      });
      const buffer = Buffer.from(dataUrl.split(',')[1], 'base64');
      await page.getByLabel('Upload a photo').setInputFiles({ name: 'street.png', mimeType: 'image/png', buffer });
      await page.getByRole('img', { name: 'The original photo' }).waitFor();
      const panel = page.getByRole('complementary', { name: 'Adjustments' });

      await panel.getByRole('button', { name: 'Remove background' }).click();
      await panel.getByRole('button', { name: 'Apply 1 step' }).click();
      const refusal = panel.getByRole('alert');
      await refusal.waitFor();
      const said = await refusal.textContent();
      assert.match(said, /too many colours/);
      assert.doesNotMatch(said, /\d|%/, 'the refusal reads like a log line');
      // Wholly on screen, below the sticky header, once the scroll has settled.
      await page.waitForFunction(
        () => {
          const box = document.querySelector('[role="alert"]')?.getBoundingClientRect();
          const header = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
          return box !== undefined && box.top >= header && box.bottom <= window.innerHeight;
        },
        undefined,
        { timeout: 5_000 },
      );
      await page.screenshot({ path: `${RESULTS_DIR}photo-editor-refusal-375.png` });

      await panel.getByRole('button', { name: /^Remove step 1/ }).click();
      await panel.getByRole('button', { name: 'Flip horizontally' }).click();
      await panel.getByRole('button', { name: 'Apply 1 step' }).scrollIntoViewIfNeeded();
      assert.equal(await onScreen(page.getByRole('img', { name: 'The original photo' })), false, 'the photo was on screen already');
      await panel.getByRole('button', { name: 'Apply 1 step' }).click();
      const edited = page.getByRole('img', { name: 'The edited photo' });
      await edited.waitFor();
      await page.waitForFunction(
        () => {
          const box = document.querySelector('img[alt="The edited photo"]')?.getBoundingClientRect();
          const header = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
          return box !== undefined && box.height > 0 && box.top >= header && box.top < window.innerHeight / 2;
        },
        undefined,
        { timeout: 5_000 },
      );
      await page.screenshot({ path: `${RESULTS_DIR}photo-editor-after-375.png` });
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
