// The editor's direct manipulation in a real Chromium: on a 375 px phone with touch, tap to
// select, drag with a finger, double-tap an image and drag its picture to crop it, and pinch to
// zoom (CDP touch events); at 1440 px with a mouse,
// crop an image by dragging the picture inside its frame (double-click to start) and reorder
// pages by dragging them in the pages list. Each change is checked in the saved design.
//
//   E2E_BASE_URL=http://127.0.0.1:8000 node --test e2e/editor-gestures.e2e.mjs
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { PASSWORD, call, newUser } from './support/accounts.mjs';
import { RESULTS_DIR, baseUrl, useBrowser } from './support/browser.mjs';

const BASE_URL = baseUrl();
const SIDE = 1080;

const browser = useBrowser();

/** A red-and-blue picture (left half red, right half blue) as a PNG data URL, drawn by Chromium. */
async function twoColourPicture(page) {
  return page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 400;
    canvas.height = 200;
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#ff0000';
    ctx.fillRect(0, 0, 200, 200);
    ctx.fillStyle = '#0000ff';
    ctx.fillRect(200, 0, 200, 200);
    return canvas.toDataURL('image/png');
  });
}

/** A design of two pages: a rectangle and a half-cropped image on the first, a circle on the second. */
async function makeDesign(token, picture) {
  const created = await call('/api/v1/designs', { token, body: { blank: { width: SIDE, height: SIDE } } });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const document = {
    schemaVersion: 4, width: SIDE, height: SIDE, unit: 'px', dpi: 72, fonts: [],
    pages: [
      {
        id: 'first', background: '#ffffff',
        children: [
          { id: 'box', type: 'figure', subType: 'rect', x: 140, y: 140, width: 300, height: 300, fill: '#7c3aed' },
          { id: 'photo', type: 'image', src: picture, x: 540, y: 600, width: 400, height: 400, cropX: 0.25, cropY: 0, cropWidth: 0.5, cropHeight: 1 },
        ],
      },
      { id: 'second', background: '#fef3c7', children: [{ id: 'ring', type: 'figure', subType: 'circle', x: 400, y: 400, width: 200, height: 200, fill: '#16a34a' }] },
    ],
  };
  const response = await fetch(`${BASE_URL}/api/v1/designs/${created.body.id}`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}`, 'If-Match': `"${created.body.version}"` },
    body: JSON.stringify({ document }),
  });
  assert.equal(response.status, 200, await response.text());
  return created.body.id;
}

async function openEditor(page, designId, email) {
  await page.goto(`/editor?designId=${designId}`);
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await page.locator('[aria-label=Canvas] .konvajs-content').waitFor({ timeout: 30_000 });
  await page.waitForFunction(() => performance.getEntriesByName('designcore:editor-canvas-ready').length > 0, null, { timeout: 30_000 });
  await page.waitForFunction(() => document.fonts.status === 'loaded');
  await page.getByRole('status').filter({ hasText: /^Saved$/ }).waitFor({ timeout: 20_000 });
}

/** Where the page point (x, y) is on screen, and the zoom. */
async function screenPoint(page, x, y) {
  const box = await page.locator('[aria-label=Canvas] .konvajs-content').boundingBox();
  const zoom = box.width / SIDE;
  return { x: box.x + x * zoom, y: box.y + y * zoom, zoom };
}

/** The saved design once `check(document)` holds (autosave runs a second after a change). */
async function savedWhen(designId, token, check, what) {
  const deadline = Date.now() + 20_000;
  let last = null;
  while (Date.now() < deadline) {
    last = (await call(`/api/v1/designs/${designId}`, { method: 'GET', token })).body;
    if (check(last.document)) return last.document;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The saved design never showed: ${what} (last: ${JSON.stringify(last?.document?.pages?.map((p) => p.id))})`);
}

const element = (document, pageId, id) => document.pages.find((p) => p.id === pageId).children.find((e) => e.id === id);

describe('editor gestures on a 375 px phone (touch)', () => {
  test('tap selects, a finger drags, a double-tap crops, two fingers pinch to zoom', async () => {
    const user = await newUser('gestures-touch');
    const context = await browser.newContext({ baseURL: BASE_URL, viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    try {
      const page = await context.newPage();
      const designId = await makeDesign(user.token, await twoColourPicture(page));
      await openEditor(page, designId, user.email);
      const cdp = await context.newCDPSession(page);
      const touch = (type, points) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points.map(([x, y], id) => ({ x, y, id })) });

      // Tap the rectangle: it is selected.
      const centre = await screenPoint(page, 290, 290);
      await page.touchscreen.tap(centre.x, centre.y);
      await page.waitForFunction(() => window.Konva.stages[0].findOne('.transformer').nodes().some((n) => n.id() === 'box'));

      // Drag it 100 page pixels right and 50 down with one finger.
      await touch('touchStart', [[centre.x, centre.y]]);
      for (let i = 1; i <= 10; i += 1) await touch('touchMove', [[centre.x + (100 * centre.zoom * i) / 10, centre.y + (50 * centre.zoom * i) / 10]]);
      await touch('touchEnd', []);
      const moved = await savedWhen(designId, user.token, (d) => element(d, 'first', 'box').x !== 140, 'the rectangle moved');
      assert.ok(Math.abs(element(moved, 'first', 'box').x - 240) <= 2, `x ${element(moved, 'first', 'box').x}`);
      assert.ok(Math.abs(element(moved, 'first', 'box').y - 190) <= 2, `y ${element(moved, 'first', 'box').y}`);

      // Double-tap the image, then drag the picture with a finger: the crop moves.
      const photo = await screenPoint(page, 740, 800);
      await page.touchscreen.tap(photo.x, photo.y);
      await page.waitForTimeout(80);
      await page.touchscreen.tap(photo.x, photo.y);
      await page.getByRole('status').filter({ hasText: /Drag the picture to crop it/ }).waitFor();
      await touch('touchStart', [[photo.x, photo.y]]);
      for (let i = 1; i <= 10; i += 1) await touch('touchMove', [[photo.x + (200 * photo.zoom * i) / 10, photo.y]]);
      await touch('touchEnd', []);
      const cropped = await savedWhen(designId, user.token, (d) => element(d, 'first', 'photo').cropX < 0.2, 'the crop moved by touch');
      assert.equal(element(cropped, 'first', 'photo').x, 540, 'the frame stayed where it was');

      // Pinch: two fingers on the page's background spread apart; the zoom grows.
      const zoomText = async () => Number((await page.getByRole('group', { name: 'Zoom' }).locator('[aria-live]').textContent()).replace('%', ''));
      const before = await zoomText();
      const a = await screenPoint(page, 700, 300);
      const b = await screenPoint(page, 800, 300);
      await touch('touchStart', [[a.x, a.y], [b.x, b.y]]);
      for (let i = 1; i <= 10; i += 1) await touch('touchMove', [[a.x - i * 6, a.y], [b.x + i * 6, b.y]]);
      await touch('touchEnd', []);
      await page.waitForFunction((old) => Number(document.querySelector('[aria-label=Zoom] [aria-live]').textContent.replace('%', '')) > old, before);
      assert.ok((await zoomText()) > before);
      // The pinch moved nothing.
      await page.waitForTimeout(1500);
      const after = (await call(`/api/v1/designs/${designId}`, { method: 'GET', token: user.token })).body.document;
      assert.deepEqual(element(after, 'first', 'box'), element(moved, 'first', 'box'));
      await page.screenshot({ path: `${RESULTS_DIR}editor-375-gestures.png` });
    } finally {
      await context.close();
    }
  });
});

describe('editor gestures with a mouse (1440x900)', () => {
  test('double-click an image, drag the picture inside its frame: the crop moves; Enter ends it', async () => {
    const user = await newUser('gestures-crop');
    const context = await browser.newContext({ baseURL: BASE_URL, viewport: { width: 1440, height: 900 } });
    try {
      const page = await context.newPage();
      const designId = await makeDesign(user.token, await twoColourPicture(page));
      await openEditor(page, designId, user.email);
      const centre = await screenPoint(page, 740, 800);
      await page.mouse.dblclick(centre.x, centre.y);
      await page.getByRole('status').filter({ hasText: /Drag the picture to crop it/ }).waitFor();
      // Drag the picture 200 page pixels to the right: half the frame's width, which shows
      // half the picture, so the crop window moves a quarter of the picture to the left.
      await page.mouse.move(centre.x, centre.y);
      await page.mouse.down();
      for (let i = 1; i <= 10; i += 1) await page.mouse.move(centre.x + (200 * centre.zoom * i) / 10, centre.y);
      await page.mouse.up();
      const cropped = await savedWhen(designId, user.token, (d) => element(d, 'first', 'photo').cropX < 0.2, 'the crop moved');
      const photo = element(cropped, 'first', 'photo');
      assert.ok(Math.abs(photo.cropX) <= 0.01, `cropX ${photo.cropX}`);
      assert.equal(photo.x, 540, 'the frame stayed where it was');
      assert.equal(photo.cropWidth, 0.5);
      // The frame now shows the picture's red half.
      const pixel = await page.evaluate(() => {
        const stage = window.Konva.stages[0];
        const canvas = stage.getLayers()[0].getCanvas()._canvas;
        const ratio = canvas.width / stage.width();
        const ctx = canvas.getContext('2d');
        return [...ctx.getImageData(740 * stage.scaleX() * ratio, 800 * stage.scaleY() * ratio, 1, 1).data];
      });
      assert.ok(pixel[0] > 200 && pixel[2] < 60, `the frame's centre is red: ${pixel}`);
      await page.keyboard.press('Enter');
      await page.getByRole('status').filter({ hasText: /Drag the picture to crop it/ }).waitFor({ state: 'detached' });
      // Out of crop mode, a drag moves the element again.
      await page.mouse.move(centre.x, centre.y);
      await page.mouse.down();
      for (let i = 1; i <= 5; i += 1) await page.mouse.move(centre.x - (50 * centre.zoom * i) / 5, centre.y);
      await page.mouse.up();
      await savedWhen(designId, user.token, (d) => element(d, 'first', 'photo').x < 520, 'the image moved');
      await page.screenshot({ path: `${RESULTS_DIR}editor-crop.png` });
    } finally {
      await context.close();
    }
  });

  test('pages are reordered by dragging them in the pages list; the arrows still work', async () => {
    const user = await newUser('gestures-pages');
    const context = await browser.newContext({ baseURL: BASE_URL, viewport: { width: 1440, height: 900 } });
    try {
      const page = await context.newPage();
      const designId = await makeDesign(user.token, await twoColourPicture(page));
      await openEditor(page, designId, user.email);
      const pages = page.getByRole('region', { name: 'Pages' }).getByRole('listitem');
      await pages.nth(1).dragTo(pages.nth(0));
      await savedWhen(designId, user.token, (d) => d.pages[0].id === 'second', 'page 2 dragged first');
      // The page on screen is still the one that was (the first design page, now second).
      assert.equal(await page.getByRole('region', { name: 'Pages' }).locator('[aria-current=page]').textContent(), 'Page 2');
      await page.getByRole('button', { name: 'Move page 2 up' }).click();
      await savedWhen(designId, user.token, (d) => d.pages[0].id === 'first', 'moved back with the arrow');
    } finally {
      await context.close();
    }
  });
});
