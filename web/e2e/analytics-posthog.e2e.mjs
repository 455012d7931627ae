// Analytics with a PostHog key configured, in a real Chromium: a second server of the product
// (its own data, `DESIGNCORE_ANALYTICS_BACKEND=posthog`) sends to the PostHog fake of the
// Python tests (tests/fakes/posthog_api.py, on a free port), and so does the web app with
// PostHog's own browser client. A member accepts the consent banner, signs in and opens the
// upgrade dialog: the browser's events (identified by id and e-mail) and the server's reach the
// fake. Nothing goes to PostHog itself.
//
//   ./dev nox -s e2e   (needs E2E_CLI_PYTHON and E2E_SERVER_ENV to start the second server)
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';

import { RESULTS_DIR, launchBrowser } from './support/browser.mjs';

const API_KEY = 'phc_test_designcore'; // the fake's key (tests/fakes/posthog_api.py)
const FAKE = fileURLToPath(new URL('../../tests/fakes/posthog_api.py', import.meta.url));
// PostHog's client drops the events of automated browsers (webdriver, "HeadlessChrome"): the
// test's Chromium presents itself as an ordinary one.
const USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

let browser;
let fake;
let server;
let dataDir;
let baseUrl;
let posthogHost;

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Starts `python args…` and answers the process and its first line of output. */
function startPython(args, env) {
  const python = process.env.E2E_CLI_PYTHON;
  if (!python || !process.env.E2E_SERVER_ENV) {
    throw new Error('E2E_CLI_PYTHON and E2E_SERVER_ENV are not set: run the browser tests through `./dev nox -s e2e`');
  }
  const child = spawn(python, args, { env, stdio: ['ignore', 'pipe', 'inherit'] });
  const firstLine = new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`${args[0]} exited with ${code}`)));
  });
  return { child, firstLine };
}

async function waitUntilUp(url, deadline = Date.now() + 90_000) {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not come up`);
}

async function api(path, { method = 'POST', token, body } = {}) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

/** What the fake has accepted, read until `done(events)` holds (or 20 s pass). */
async function fakeEvents(done) {
  const deadline = Date.now() + 20_000;
  let events = [];
  while (Date.now() < deadline) {
    events = await (await fetch(`${posthogHost}/_fake/events`)).json();
    if (done(events)) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return events;
}

const idOf = (event) => event.distinct_id ?? event.properties?.distinct_id;

before(async () => {
  const serverEnv = JSON.parse(process.env.E2E_SERVER_ENV ?? '{}');
  const started = startPython([FAKE], { ...process.env });
  fake = started.child;
  posthogHost = await started.firstLine;
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  dataDir = await mkdtemp(join(tmpdir(), 'designcore-e2e-posthog-'));
  server = startPython(['-m', 'designcore.app.cli', 'serve'], {
    ...serverEnv,
    DESIGNCORE_DATA_DIR: dataDir,
    DESIGNCORE_PORT: String(port),
    DESIGNCORE_PUBLIC_URL: baseUrl,
    DESIGNCORE_ANALYTICS_BACKEND: 'posthog',
    DESIGNCORE_POSTHOG_API_KEY: API_KEY,
    DESIGNCORE_POSTHOG_HOST: posthogHost,
  }).child;
  await waitUntilUp(`${baseUrl}/api/v1/health`);
  browser = await launchBrowser({ consentBanner: true });
});

after(async () => {
  await browser?.close();
  for (const child of [server, fake]) {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  }
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('Analytics with a PostHog key', () => {
  test('the browser’s and the server’s events reach the PostHog fake', { timeout: 120_000 }, async () => {
    const config = await api('/api/v1/analytics/config', { method: 'GET' });
    assert.deepEqual(config.body, { posthog_key: API_KEY, posthog_host: posthogHost });

    const email = `analytics-posthog-${Date.now()}@example.com`;
    const password = 'kolanut-42-Lagos';
    const signedUp = await api('/auth/v1/signup', {
      body: { email, password, data: { first_name: 'Ada', last_name: 'Obi' } },
    });
    assert.equal(signedUp.status, 200, JSON.stringify(signedUp.body));
    const userId = signedUp.body.user.id;

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, userAgent: USER_AGENT });
    await context.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => false });
      Object.defineProperty(Navigator.prototype, 'userAgentData', { get: () => undefined });
    });
    const requests = [];
    context.on('request', (request) => requests.push(request.url()));
    try {
      const page = await context.newPage();
      await page.goto(`${baseUrl}/`);
      // Before consent: PostHog's client is not even fetched, and nothing is sent to the fake.
      await page.waitForTimeout(1_000);
      assert.equal(requests.filter((url) => url.startsWith(posthogHost)).length, 0);
      await page.getByRole('region', { name: 'Analytics consent' }).getByRole('button', { name: 'Accept' }).click();

      await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
      const dialog = page.getByRole('dialog', { name: 'Welcome Back' });
      await dialog.getByLabel('Email').fill(email);
      await dialog.getByLabel('Password', { exact: true }).fill(password);
      await dialog.getByRole('button', { name: 'Sign In' }).click();
      await page.getByRole('button', { name: 'Open account menu' }).waitFor();
      await page.getByRole('banner').getByRole('button', { name: /Upgrade/ }).first().click();
      await page.getByRole('dialog').waitFor();
      await page.screenshot({ path: `${RESULTS_DIR}/analytics-posthog-upgrade.png` });

      const fromBrowser = (event) => event.properties?.$lib === 'web';
      const events = await fakeEvents(
        (all) =>
          all.some((e) => fromBrowser(e) && e.event === 'upgrade_started') &&
          all.some((e) => e.event === '$identify') &&
          all.some((e) => !fromBrowser(e) && e.event === 'signed_in'),
      );
      const names = events.map((e) => `${fromBrowser(e) ? 'web' : 'server'}:${e.event}`);

      const identified = events.find((e) => fromBrowser(e) && e.event === '$identify');
      assert.ok(identified, `no $identify from the browser in ${names}`);
      assert.equal(idOf(identified), userId);
      assert.equal(identified.$set?.email, email);

      const upgrade = events.find((e) => fromBrowser(e) && e.event === 'upgrade_started');
      assert.ok(upgrade, `no upgrade_started from the browser in ${names}`);
      assert.equal(idOf(upgrade), userId);
      assert.equal(upgrade.properties.step, 'dialog_opened');

      const signedIn = events.find((e) => !fromBrowser(e) && e.event === 'signed_in' && idOf(e) === userId);
      assert.ok(signedIn, `no signed_in from the server in ${names}`);

      // Only catalogue events and PostHog's own identify; no page views or autocapture.
      const browserNames = new Set(events.filter(fromBrowser).map((e) => e.event));
      for (const name of browserNames) assert.ok(!name.startsWith('$') || name === '$identify', `unexpected ${name}`);
      // The browser called nothing of PostHog's but its events endpoint.
      const posthogPaths = new Set(
        requests.filter((url) => url.startsWith(posthogHost)).map((url) => new URL(url).pathname),
      );
      assert.deepEqual([...posthogPaths], ['/e/']);
      // No tracking cookie. (Cookies are kept per host, not per port: the fake on 127.0.0.1
      // sees the app's own first-party consent cookie, which records the visitor's answer.)
      const onPosthogHost = await context.cookies(posthogHost);
      assert.deepEqual(
        onPosthogHost.map((c) => c.name).filter((name) => name !== 'designcore_analytics_consent'),
        [],
      );
      assert.equal((await context.cookies(baseUrl)).filter((c) => c.name.startsWith('ph_')).length, 0);
    } finally {
      await context.close();
    }
  });
});
