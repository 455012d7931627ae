// Home's first view in headless Chromium against a running server (E2E_BASE_URL): bytes
// transferred at 375 px (DPR 2), LCP with 4x CPU throttling, and the time until the first row's
// previews show on a slow link (400 kbit/s, 400 ms round trip). Each profile runs RUNS times
// (default 3) in a fresh context with the cache disabled; prints every run and the medians as JSON.
//   E2E_BASE_URL=http://127.0.0.1:8000 RUNS=5 [PROFILES=fast,cpu4x,slow3g] node bench/browse-perf.mjs
import { baseUrl, launchBrowser } from '../e2e/support/browser.mjs';

const BASE = baseUrl();
const browser = await launchBrowser();

async function run({ cpu = 1, slow = false }) {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, deviceScaleFactor: 2 });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (cpu > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
  if (slow) {
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false, latency: 400, downloadThroughput: 400_000 / 8, uploadThroughput: 400_000 / 8,
    });
  }
  let bytes = 0;
  cdp.on('Network.loadingFinished', (event) => (bytes += event.encodedDataLength));
  const start = Date.now();
  await page.goto(`${BASE}/`);
  await page.locator('main img').first().waitFor({ timeout: 120_000 });
  await page.waitForFunction(() => [...document.querySelectorAll('main img')].slice(0, 2).every((i) => i.complete && i.naturalWidth > 0), null, { timeout: 120_000 });
  const usableMs = Date.now() - start;
  await page.waitForLoadState('networkidle', { timeout: 120_000 });
  const lcp = await page.evaluate(() => new Promise((resolve) => {
    new PerformanceObserver((list) => { const e = list.getEntries(); resolve(e[e.length - 1].startTime); }).observe({ type: 'largest-contentful-paint', buffered: true });
  }));
  await context.close();
  return { usableMs, lcpMs: Math.round(lcp), transferredKB: Math.round(bytes / 1024) };
}

const RUNS = Number(process.env.RUNS ?? 3);
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : Math.round((sorted[middle - 1] + sorted[middle]) / 2);
};
const profiles = { fast: {}, cpu4x: { cpu: 4 }, slow3g: { slow: true } };
// PROFILES=cpu4x,slow3g runs only those.
const wanted = process.env.PROFILES ? process.env.PROFILES.split(',') : Object.keys(profiles);
const results = {};
for (const [name, options] of Object.entries(profiles).filter(([name]) => wanted.includes(name))) {
  const runs = [];
  for (let n = 0; n < RUNS; n += 1) runs.push(await run(options));
  const medians = Object.fromEntries(Object.keys(runs[0]).map((key) => [key, median(runs.map((r) => r[key]))]));
  results[name] = { median: medians, runs };
}
console.log(JSON.stringify({ date: new Date().toISOString(), ...results }, null, 2));
await browser.close();
