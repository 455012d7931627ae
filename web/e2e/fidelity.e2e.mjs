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

/** The font faces a page's texts use: `{family, weight, style}` (weight as CSS writes it). */
function usedFaces(page) {
  const faces = new Map();
  const stack = [...page.children];
  while (stack.length) {
    const element = stack.pop();
    if (element.type === 'group') stack.push(...(element.children ?? []));
    if (element.type !== 'text') continue;
    const weight = element.fontWeight === 'bold' ? '700' : !element.fontWeight || element.fontWeight === 'normal' ? '400' : String(element.fontWeight);
    const face = { family: element.fontFamily ?? 'Roboto', weight, style: element.fontStyle === 'italic' ? 'italic' : 'normal' };
    faces.set(JSON.stringify(face), face);
  }
  return [...faces.values()];
}

/**
 * Waits until the editor's canvas is settled: the stage is up, the canvas is no longer busy (the
 * editor has measured its texts with the loaded fonts), the bundled fonts' stylesheet is in, no font is loading and every face the page's texts use has loaded, every image the page
 * draws has loaded, and the design is saved (the editor re-fits text boxes once the fonts are
 * in and saves them) — and still so a moment later. (`document.fonts.status` alone is
 * "loaded" before the stylesheet has even been read.)
 */
async function settled(page, images, faces) {
  const ready = async ({ wanted, faces: wantedFaces, pause }) => {
    if (pause) {
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const region = document.querySelector('[aria-label=Canvas]');
    const stage = window.Konva?.stages.find((s) => region?.contains(s.container()));
    if (!stage || region.getAttribute('aria-busy') === 'true' || !document.getElementById('designcore-fonts')?.sheet) return false;
    const fonts = [...document.fonts];
    if (fonts.some((f) => f.status === 'loading')) return false;
    const family = (f) => f.family.replace(/^["']|["']$/g, '');
    for (const want of wantedFaces) {
      const ofFamily = fonts.filter((f) => family(f) === want.family);
      if (ofFamily.length === 0) continue; // not a bundled family: drawn with the fallback
      const exact = ofFamily.find((f) => f.style === want.style && String(f.weight) === want.weight);
      if (exact ? exact.status !== 'loaded' : !ofFamily.some((f) => f.status === 'loaded')) return false;
    }
    const loaded = stage.find('Image').filter((node) => {
      const image = node.image();
      return image && image.complete && (image.naturalWidth || image.width) > 0;
    });
    return loaded.length >= wanted && document.querySelector('[role=status]')?.getAttribute('data-status') === 'saved';
  };
  const wait = { wanted: images, faces };
  try {
    do {
      await page.waitForFunction(ready, { ...wait, pause: false }, { timeout: 30_000 });
    } while (!(await page.evaluate(ready, { ...wait, pause: true })));
  } catch (error) {
    const state = await page.evaluate(() => {
      const region = document.querySelector('[aria-label=Canvas]');
      const stage = window.Konva?.stages.find((s) => region?.contains(s.container()));
      return {
        stage: Boolean(stage),
        fonts: [...document.fonts].filter((f) => f.status !== 'unloaded').map((f) => `${f.family} ${f.weight} ${f.style}: ${f.status}`),
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
    body: JSON.stringify({ design_id: designId, format: 'png', pixel_ratio: 1, pages: [0] }),
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

/** The signed-in editor every comparison uses: one premium account, one page. */
const session = { user: null, context: null, page: null, signedIn: false, pageErrors: [] };
/** What goes to test-results/fidelity.json (written after the tests). */
const report = { measured_at: null, machine: null, seconds: null, templates: {}, summary: null, features: null };

let browser;

before(async () => {
  browser = await launchBrowser();
  await rm(ARTEFACTS, { recursive: true, force: true });
  await mkdir(ARTEFACTS, { recursive: true });
  session.user = await newUser('fidelity');
  await makePremium(session.user.token);
  session.context = await browser.newContext({ baseURL: BASE_URL, viewport: { width: 1280, height: 800 } });
  session.page = await session.context.newPage();
  session.page.on('pageerror', (error) => session.pageErrors.push(error.message));
});

after(async () => {
  await session.context?.close();
  await browser?.close();
  if (report.measured_at) await writeFile(`${RESULTS_DIR}fidelity.json`, `${JSON.stringify(report, null, 2)}\n`);
});

/**
 * The design drawn by the editor and by the server, compared: `{editor, server, width, height,
 * mean_abs_diff, share_over_32, diff}`. `label` names the design in failures.
 */
async function drawnBothWays(design, label) {
  const { page, user } = session;
  const firstPage = design.document.pages[0];
  await openDesign(page, design.id, !session.signedIn);
  if (!session.signedIn) {
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email').fill(user.email);
    await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Sign In' }).click();
    session.signedIn = true;
  }
  await page.waitForURL((url) => url.searchParams.get('designId') === design.id);
  await settled(page, imageCount(firstPage), usedFaces(firstPage)).catch((error) => {
    throw new Error(`${label}: ${error.message}`, { cause: error });
  });
  const editor = await editorPng(page, pageSize(design.document, firstPage));
  const before = (await call(`/api/v1/designs/${design.id}`, { method: 'GET', token: user.token })).body;
  const server = await serverPng(design.id, user.token);
  const afterExport = (await call(`/api/v1/designs/${design.id}`, { method: 'GET', token: user.token })).body;
  assert.equal(afterExport.version, before.version, `${label}: the design did not change while it was compared`);
  const a = decodePng(editor);
  const b = decodePng(server);
  assert.deepEqual([a.width, a.height], [b.width, b.height], `${label}: the editor's page and the download are the same size`);
  return { editor, server, width: a.width, height: a.height, ...compareImages(a, b) };
}

function within(figures, threshold) {
  return figures.mean_abs_diff <= threshold.mean_abs_diff && figures.share_over_32 <= threshold.share_over_32;
}

function rounded(figures) {
  return { mean_abs_diff: Number(figures.mean_abs_diff.toFixed(3)), share_over_32: Number(figures.share_over_32.toFixed(5)) };
}

test('every seed template looks the same in the editor and in the download', { timeout: 900_000 }, async () => {
  const { user } = session;
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

  const started = Date.now();
  const results = report.templates;
  const over = [];
  const worst = [];
  for (const template of templates) {
    const created = await call('/api/v1/designs', { token: user.token, body: { template_id: template.id } });
    assert.equal(created.status, 201, `${template.id}: ${JSON.stringify(created.body)}`);
    const drawn = await drawnBothWays(created.body, `${template.id} (${template.name})`);
    const threshold = thresholdFor(template.id);
    const passed = within(drawn, threshold);
    results[template.id] = {
      name: template.name,
      width: drawn.width,
      height: drawn.height,
      ...rounded(drawn),
      threshold: { mean_abs_diff: threshold.mean_abs_diff, share_over_32: threshold.share_over_32 },
      passed,
    };
    if (!passed) {
      over.push(template.id);
      await saveArtefacts(template.id, drawn);
    }
    worst.push({ id: template.id, value: drawn.mean_abs_diff, images: passed ? drawn : null });
    worst.sort((x, y) => y.value - x.value);
    for (const dropped of worst.splice(KEEP_WORST)) dropped.images = null;
  }
  for (const kept of worst) if (kept.images) await saveArtefacts(kept.id, kept.images);

  report.measured_at = new Date().toISOString();
  report.machine = `${os.cpus()[0]?.model ?? 'unknown CPU'} × ${os.cpus().length}, load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`;
  report.seconds = Number(((Date.now() - started) / 1000).toFixed(1));
  report.summary = {
    templates: Object.keys(results).length,
    mean_abs_diff: summary(results, 'mean_abs_diff'),
    share_over_32: summary(results, 'share_over_32'),
    over_threshold: over,
  };
  assert.deepEqual(session.pageErrors, [], 'the editor raised no error');
  assert.deepEqual(
    over.map((id) => `${id}: ${results[id].mean_abs_diff} / ${results[id].share_over_32}`),
    [],
    'every template within its threshold (test-results/fidelity.json; images in test-results/fidelity/)',
  );
});

/** A small picture as a data URL: colour bands and a diagonal, so crops, flips and filters show. */
function patternPng(width, height) {
  const data = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 4;
      const band = Math.floor((x / width) * 4);
      data[i] = [230, 40, 250, 30][band];
      data[i + 1] = [60, 170, 200, 90][band] + Math.round((y / height) * 40);
      data[i + 2] = Math.abs(x - y) < 3 ? 255 : [40, 220, 30, 160][band];
      data[i + 3] = 255;
    }
  }
  return `data:image/png;base64,${encodePng({ width, height, data }).toString('base64')}`;
}

/** A page using every kind of element and effect both sides draw. */
function featureDocument() {
  const picture = patternPng(96, 64);
  let n = 0;
  const el = (fields) => ({ id: `feature-${(n += 1)}`, x: 0, y: 0, rotation: 0, opacity: 1, ...fields });
  const text = (fields) => el({ type: 'text', height: 0, fontFamily: 'Roboto', fontSize: 32, fill: '#1b263b', align: 'left', lineHeight: 1.2, letterSpacing: 0, ...fields });
  return {
    width: 1080,
    height: 1080,
    fonts: [],
    unit: 'px',
    dpi: 72,
    schemaVersion: 4,
    pages: [
      {
        id: 'features-page',
        background: 'linear-gradient(160deg, #fdf0d5 0%, #c6dabf 100%)',
        children: [
          el({ type: 'figure', subType: 'rect', x: 40, y: 40, width: 1000, height: 1000, fill: 'rgba(0,0,0,0)', stroke: '#3d405b', strokeWidth: 6, cornerRadius: 24 }),
          text({ x: 60, y: 60, width: 960, fontFamily: 'Bebas Neue', fontSize: 96, text: 'Ọjà ₦5,000 sale', align: 'center', letterSpacing: 0.08, fill: '#1d3557' }),
          text({ x: 90, y: 190, width: 900, fontFamily: 'Lora', fontStyle: 'italic', fontSize: 44, text: 'Ẹ ṣé o, Ọlájùmọ̀kẹ́ — ẹ kú ọdún', align: 'right', rotation: 4, textDecoration: 'underline' }),
          text({
            x: 70,
            y: 300,
            width: 560,
            fontFamily: 'Montserrat',
            fontSize: 26,
            lineHeight: 1.5,
            align: 'justify',
            text: 'Fresh bread every morning from the oven on Allen Avenue, with zobo, puff-puff and chin-chin for the road. Order before noon and we deliver across Ikeja.',
          }),
          text({ x: 660, y: 300, width: 360, fontFamily: 'Anton', fontSize: 84, text: 'BIG DEAL', fill: '#ffffff', stroke: '#e63946', strokeWidth: 3, shadowEnabled: true, shadowBlur: 8, shadowOffsetX: 5, shadowOffsetY: 5, shadowColor: 'rgba(0,0,0,0.45)', shadowOpacity: 1 }),
          text({ x: 680, y: 440, width: 320, fontFamily: 'Poppins', fontWeight: 'bold', fontSize: 34, text: 'Open daily', align: 'center', backgroundEnabled: true, backgroundColor: '#ffd166', backgroundCornerRadius: 0.3, backgroundPadding: 0.4, backgroundOpacity: 1 }),
          text({ x: 660, y: 540, width: 360, fontFamily: 'Raleway', fontSize: 30, text: 'delivery in ikeja', textTransform: 'uppercase', letterSpacing: 0.15, align: 'center', fill: 'linear-gradient(90deg, #ff006e 0%, #3a86ff 100%)' }),
          text({ x: 660, y: 600, width: 360, fontFamily: 'Great Vibes', fontSize: 54, text: 'with love', align: 'center', opacity: 0.8, fill: '#6d597a' }),
          el({ type: 'figure', subType: 'rect', x: 70, y: 560, width: 240, height: 140, fill: 'linear-gradient(90deg, #ff006e 0%, #3a86ff 100%)', cornerRadius: 18, shadowEnabled: true, shadowBlur: 12, shadowOffsetX: 0, shadowOffsetY: 8, shadowColor: '#000000', shadowOpacity: 0.35 }),
          el({ type: 'figure', subType: 'circle', x: 340, y: 560, width: 200, height: 140, fill: '#8ecae6', stroke: '#023047', strokeWidth: 4, dash: [12, 6], opacity: 0.7 }),
          el({ type: 'figure', subType: 'star', x: 560, y: 660, width: 120, height: 120, fill: '#ffb703', stroke: '#fb8500', strokeWidth: 3, rotation: 18 }),
          el({ type: 'figure', subType: 'hexagon', x: 80, y: 740, width: 140, height: 120, fill: '#2a9d8f' }),
          el({ type: 'figure', subType: 'triangle', x: 250, y: 740, width: 130, height: 120, fill: '#e76f51', stroke: '#264653', strokeWidth: 5 }),
          el({ type: 'line', x: 420, y: 760, width: 220, height: 6, color: '#264653', dash: [2, 1], rotation: -20 }),
          el({ type: 'image', x: 700, y: 700, width: 300, height: 200, src: picture, cornerRadius: 20, flipX: true, cropX: 0.1, cropY: 0, cropWidth: 0.8, cropHeight: 1 }),
          el({ type: 'image', x: 80, y: 900, width: 150, height: 100, src: picture, grayscaleEnabled: true }),
          el({ type: 'image', x: 250, y: 900, width: 150, height: 100, src: picture, sepiaEnabled: true }),
          el({ type: 'image', x: 420, y: 900, width: 150, height: 100, src: picture, brightnessEnabled: true, brightness: 0.3, rotation: -6 }),
          el({
            type: 'group',
            x: 0,
            y: 0,
            width: 0,
            height: 0,
            opacity: 0.6,
            children: [
              el({ type: 'figure', subType: 'rect', x: 600, y: 900, width: 80, height: 80, fill: '#9b5de5' }),
              el({ type: 'figure', subType: 'circle', x: 640, y: 920, width: 80, height: 80, fill: '#f15bb5' }),
            ],
          }),
        ],
      },
    ],
  };
}

test('a design using every kind of element and effect looks the same in the editor and in the download', { timeout: 120_000 }, async (t) => {
  if (process.env.FIDELITY_TEMPLATES) {
    t.skip('FIDELITY_TEMPLATES asks for templates only');
    return;
  }
  const { user } = session;
  const created = await call('/api/v1/designs', { token: user.token, body: { blank: { width: 1080, height: 1080 } } });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const response = await fetch(`${BASE_URL}/api/v1/designs/${created.body.id}`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${user.token}`, 'If-Match': `"${created.body.version}"` },
    body: JSON.stringify({ document: featureDocument(), name: 'Every feature' }),
  });
  const saved = await response.json();
  assert.equal(response.status, 200, JSON.stringify(saved));
  const drawn = await drawnBothWays(saved, 'the feature design');
  const threshold = { ...THRESHOLDS.default, ...(THRESHOLDS.features ?? {}) };
  const passed = within(drawn, threshold);
  report.measured_at ??= new Date().toISOString();
  report.features = { width: drawn.width, height: drawn.height, ...rounded(drawn), threshold, passed };
  await saveArtefacts('features', drawn);
  assert.deepEqual(session.pageErrors, [], 'the editor raised no error');
  assert.ok(passed, `the feature design within its threshold: ${JSON.stringify(report.features)} (test-results/fidelity/features-*.png)`);
});
