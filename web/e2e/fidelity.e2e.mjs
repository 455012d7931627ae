// Fidelity: what the editor shows is what the download contains. Every seed template is made
// into a design, opened in the editor, and once its fonts and images are in and the design is
// saved, the editor's page is taken off the Konva stage at one pixel per document pixel; the
// server renders the same saved design through POST /api/v1/exports (PNG, pixel ratio 1, a
// premium account so there is no watermark). Both are compared (support/image-diff.mjs) and
// every template must stay within its threshold in fidelity-thresholds.json (docs/benchmarks.md,
// "Fidelity"). The figures go to ../test-results/fidelity.json; the editor's and the server's
// images and a diff image of each template over its threshold, and of the three furthest
// apart, go to ../test-results/fidelity/.
//
//   E2E_BASE_URL=http://127.0.0.1:8000 node --test e2e/fidelity.e2e.mjs
//   FIDELITY_TEMPLATES=id1,id2 …   only those templates (while looking into a difference)
import assert from 'node:assert/strict';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { after, before, test } from 'node:test';

import { call, makePremium, newUser, PASSWORD } from './support/accounts.mjs';
import { RESULTS_DIR, baseUrl, launchBrowser } from './support/browser.mjs';
import { compareImages, decodePng, encodePng } from './support/image-diff.mjs';

const BASE_URL = baseUrl();
const THRESHOLDS = JSON.parse(await readFile(new URL('./fidelity-thresholds.json', import.meta.url), 'utf8'));
const ARTEFACTS = `${RESULTS_DIR}fidelity/`;
const KEEP_WORST = 3;

let browser;

before(async () => {
  browser = await launchBrowser();
  await rm(ARTEFACTS, { recursive: true, force: true });
  await mkdir(ARTEFACTS, { recursive: true });
});

after(async () => {
  await browser?.close();
});

/** The images a page draws once everything is loaded: image and SVG elements, and an image background. */
function imageCount(page) {
  let count = /^(https?:|\/|data:image)/.test(String(page.background ?? '').trim()) ? 1 : 0;
  const stack = [...page.children];
  while (stack.length) {
    const element = stack.pop();
    if (element.visible === false) continue;
    if (element.type === 'image' || element.type === 'svg') count += 1;
    if (element.type === 'group') stack.push(...(element.children ?? []));
  }
  return count;
}

/** A page's size in document pixels (a page may set its own). */
function pageSize(document, page) {
  return {
    width: typeof page.width === 'number' ? page.width : document.width,
    height: typeof page.height === 'number' ? page.height : document.height,
  };
}

/** The threshold a template is held to: its own where fidelity-thresholds.json gives one. */
function thresholdFor(id) {
  return { ...THRESHOLDS.default, ...(THRESHOLDS.templates?.[id] ?? {}) };
}

/**
 * Waits until the editor's canvas is settled: the stage is up, the fonts are loaded, every image
 * the page draws has loaded, and the design is saved (the editor re-fits text boxes once the
 * fonts are in and saves them) — and still so a moment later.
 */
async function settled(page, images) {
  const ready = async ({ wanted, pause }) => {
    if (pause) {
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const region = document.querySelector('[aria-label=Canvas]');
    const stage = window.Konva?.stages.find((s) => region?.contains(s.container()));
    if (!stage || document.fonts.status !== 'loaded') return false;
    const loaded = stage.find('Image').filter((node) => {
      const image = node.image();
      return image && image.complete && (image.naturalWidth || image.width) > 0;
    });
    return loaded.length >= wanted && document.querySelector('[role=status]')?.getAttribute('data-status') === 'saved';
  };
  try {
    do {
      await page.waitForFunction(ready, { wanted: images, pause: false }, { timeout: 30_000 });
    } while (!(await page.evaluate(ready, { wanted: images, pause: true })));
  } catch (error) {
    const state = await page.evaluate(() => {
      const region = document.querySelector('[aria-label=Canvas]');
      const stage = window.Konva?.stages.find((s) => region?.contains(s.container()));
      return {
        stage: Boolean(stage),
        fonts: document.fonts.status,
        images_loaded: stage?.find('Image').filter((node) => node.image()?.complete).length ?? 0,
        save_status: document.querySelector('[role=status]')?.getAttribute('data-status') ?? null,
      };
    });
    throw new Error(`the editor never settled (wanted ${images} images): ${JSON.stringify(state)}`, { cause: error });
  }
}

/**
 * The editor's page as PNG bytes, one pixel per document pixel: the page layer (background and
 * elements, without the transformer; guides and the marquee are on another layer) drawn at
 * scale 1. The stage's zoom is put back before the browser paints again.
 */
async function editorPng(page, size) {
  const dataUrl = await page.evaluate(({ width, height }) => {
    const region = document.querySelector('[aria-label=Canvas]');
    const stage = window.Konva.stages.find((s) => region.contains(s.container()));
    const layer = stage.getLayers().find((l) => l.name() !== 'overlay');
    const transformers = stage.find('.transformer').filter((node) => node.visible());
    const zoom = stage.scale();
    transformers.forEach((node) => node.visible(false));
    stage.scale({ x: 1, y: 1 });
    try {
      return layer.toCanvas({ x: 0, y: 0, width, height, pixelRatio: 1 }).toDataURL('image/png');
    } finally {
      stage.scale(zoom);
      transformers.forEach((node) => node.visible(true));
    }
  }, size);
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}

/** The server's rendering of the saved design's first page (PNG, pixel ratio 1). */
async function serverPng(designId, token) {
  const response = await fetch(`${BASE_URL}/api/v1/exports`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ designId, format: 'png', pixelRatio: 1, pages: [0] }),
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  assert.equal(response.status, 200, bytes.toString('utf8', 0, 300));
  assert.equal(response.headers.get('x-export-watermark'), 'false', 'a premium download carries no watermark');
  return bytes;
}

/** Opens the design in the editor: a full load the first time, then the app's own navigation. */
async function openDesign(page, designId, first) {
  const url = `/editor?designId=${encodeURIComponent(designId)}`;
  if (first) {
    await page.goto(url);
    return;
  }
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, url);
}

async function saveArtefacts(id, images) {
  await writeFile(`${ARTEFACTS}${id}-editor.png`, images.editor);
  await writeFile(`${ARTEFACTS}${id}-server.png`, images.server);
  await writeFile(`${ARTEFACTS}${id}-diff.png`, encodePng(images.diff));
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function summary(results, key) {
  const entries = Object.entries(results);
  const values = entries.map(([, r]) => r[key]);
  const [worstId, worst] = entries.reduce((a, b) => (b[1][key] > a[1][key] ? b : a));
  return { mean: values.reduce((a, b) => a + b, 0) / values.length, median: median(values), worst: worst[key], worst_template: worstId };
}

test('every seed template looks the same in the editor and in the download', { timeout: 900_000 }, async () => {
  const user = await newUser('fidelity');
  await makePremium(user.token);
  const catalogue = [];
  for (let number = 1; ; number += 1) {
    const listed = await call(`/api/v1/templates?size=100&page=${number}`, { method: 'GET' });
    assert.equal(listed.status, 200, JSON.stringify(listed.body));
    catalogue.push(...listed.body.templates);
    if (!listed.body.hasMore) break;
  }
  const only = process.env.FIDELITY_TEMPLATES?.split(',').filter(Boolean);
  const templates = catalogue.filter((t) => !only || only.includes(t.id));
  assert.ok(templates.length > 0, 'there are templates to compare');

  const context = await browser.newContext({ baseURL: BASE_URL, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const started = Date.now();
  const results = {};
  const over = [];
  const worst = [];
  try {
    for (const [index, template] of templates.entries()) {
      const created = await call('/api/v1/designs', { token: user.token, body: { template_id: template.id } });
      assert.equal(created.status, 201, `${template.id}: ${JSON.stringify(created.body)}`);
      const designId = created.body.id;
      const firstPage = created.body.document.pages[0];
      await openDesign(page, designId, index === 0);
      if (index === 0) {
        const dialog = page.getByRole('dialog');
        await dialog.getByLabel('Email').fill(user.email);
        await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
        await dialog.getByRole('button', { name: 'Sign In' }).click();
      }
      await page.waitForURL((url) => url.searchParams.get('designId') === designId);
      await settled(page, imageCount(firstPage)).catch((error) => {
        throw new Error(`${template.id} (${template.name}): ${error.message}`, { cause: error });
      });
      const editor = await editorPng(page, pageSize(created.body.document, firstPage));
      const before = (await call(`/api/v1/designs/${designId}`, { method: 'GET', token: user.token })).body;
      const server = await serverPng(designId, user.token);
      const afterExport = (await call(`/api/v1/designs/${designId}`, { method: 'GET', token: user.token })).body;
      assert.equal(afterExport.version, before.version, `${template.id}: the design did not change while it was compared`);

      const a = decodePng(editor);
      const b = decodePng(server);
      assert.deepEqual([a.width, a.height], [b.width, b.height], `${template.id}: the editor's page and the download are the same size`);
      const compared = compareImages(a, b);
      const threshold = thresholdFor(template.id);
      const passed = compared.mean_abs_diff <= threshold.mean_abs_diff && compared.share_over_32 <= threshold.share_over_32;
      results[template.id] = {
        name: template.name,
        width: a.width,
        height: a.height,
        mean_abs_diff: Number(compared.mean_abs_diff.toFixed(3)),
        share_over_32: Number(compared.share_over_32.toFixed(5)),
        threshold: { mean_abs_diff: threshold.mean_abs_diff, share_over_32: threshold.share_over_32 },
        passed,
      };
      const images = { editor, server, diff: compared.diff };
      if (!passed) {
        over.push(template.id);
        await saveArtefacts(template.id, images);
      }
      worst.push({ id: template.id, value: compared.mean_abs_diff, images: passed ? images : null });
      worst.sort((x, y) => y.value - x.value);
      for (const dropped of worst.splice(KEEP_WORST)) dropped.images = null;
    }
    for (const kept of worst) if (kept.images) await saveArtefacts(kept.id, kept.images);
  } finally {
    await context.close();
  }

  const seconds = (Date.now() - started) / 1000;
  const measured = Object.keys(results).length;
  const report = {
    measured_at: new Date().toISOString(),
    machine: `${os.cpus()[0]?.model ?? 'unknown CPU'} × ${os.cpus().length}, load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`,
    seconds: Number(seconds.toFixed(1)),
    templates: results,
    summary: measured
      ? { templates: measured, mean_abs_diff: summary(results, 'mean_abs_diff'), share_over_32: summary(results, 'share_over_32'), over_threshold: over }
      : null,
  };
  await writeFile(`${RESULTS_DIR}fidelity.json`, `${JSON.stringify(report, null, 2)}\n`);
  assert.deepEqual(pageErrors, [], 'the editor raised no error');
  assert.deepEqual(
    over.map((id) => `${id}: ${results[id].mean_abs_diff} / ${results[id].share_over_32}`),
    [],
    'every template within its threshold (test-results/fidelity.json; images in test-results/fidelity/)',
  );
});
