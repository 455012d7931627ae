// A browser app on another origin uses the product through CORS: a page served from a second
// port (an origin in the server's DESIGNCORE_CORS_ORIGINS) loads the official auth client
// (@supabase/auth-js, bundled for the page with Vite) and, in a real Chromium, signs up, signs
// in with a password, reads the user, refreshes the session, updates the user and signs out
// against /auth/v1 of the product's origin; it reads /api/v1 and makes a preflighted POST to
// /functions/v1. The same page from an origin not listed is refused by the browser.
//
//   DESIGNCORE_CORS_ORIGINS=http://127.0.0.1:8001 designcore serve   # then:
//   E2E_BASE_URL=http://127.0.0.1:8000 E2E_CORS_ORIGIN=http://127.0.0.1:8001 npm run e2e
//
// (the e2e nox session starts the server with both.) Screenshots: ../test-results/cors-*.png.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';

import { build } from 'vite';
import { RESULTS_DIR, launchBrowser } from './support/browser.mjs';

/* global AuthJs -- the bundled auth client's global, inside page.evaluate */

const BASE_URL = process.env.E2E_BASE_URL?.replace(/\/+$/, '');
const ALLOWED_ORIGIN = process.env.E2E_CORS_ORIGIN?.replace(/\/+$/, '');
if (!BASE_URL || !ALLOWED_ORIGIN) {
  throw new Error(
    'E2E_BASE_URL and E2E_CORS_ORIGIN must be set: the product, and an http://127.0.0.1:PORT ' +
      "origin listed in the server's DESIGNCORE_CORS_ORIGINS whose port is free (this test " +
      'serves its page there)',
  );
}
const WEB_DIR = fileURLToPath(new URL('..', import.meta.url));

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Another app</title>
<script src="/auth-client.js"></script></head>
<body><h1>Another app</h1><pre id="log"></pre></body></html>`;

/** The official auth client as one script for the page (its global is `AuthJs`). */
async function bundleAuthClient() {
  const entry = {
    name: 'auth-client-entry',
    resolveId: (id) => (id === 'virtual:auth-client' ? '\0virtual:auth-client' : null),
    load: (id) =>
      id === '\0virtual:auth-client' ? "export { AuthClient } from '@supabase/auth-js';" : null,
  };
  const built = await build({
    configFile: false,
    root: WEB_DIR,
    logLevel: 'warn',
    plugins: [entry],
    build: {
      write: false,
      minify: false,
      rollupOptions: {
        input: 'virtual:auth-client',
        preserveEntrySignatures: 'strict',
        output: { format: 'iife', name: 'AuthJs' },
      },
    },
  });
  const [chunk] = (Array.isArray(built) ? built : [built]).flatMap((result) => result.output);
  return chunk.code;
}

/** Serves the app page and the bundled client at `origin` (http://127.0.0.1:PORT). */
async function serveApp(origin, script) {
  const server = createServer((request, response) => {
    const path = new URL(request.url, origin).pathname;
    if (path === '/auth-client.js') {
      response.writeHead(200, { 'Content-Type': 'text/javascript' });
      response.end(script);
    } else if (path === '/') {
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      response.end(PAGE);
    } else {
      response.writeHead(404);
      response.end();
    }
  });
  const { hostname, port } = new URL(origin);
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(Number(port) || 0, hostname, resolve);
  });
  return { server, origin: `http://${hostname}:${server.address().port}` };
}

let browser;
let allowed;
let refused;

before(async () => {
  const script = await bundleAuthClient();
  allowed = await serveApp(ALLOWED_ORIGIN, script);
  refused = await serveApp('http://127.0.0.1:0', script);
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  allowed?.server.close();
  refused?.server.close();
});

/** Opens the app page at `origin`, collecting the console's errors. */
async function openApp(origin) {
  const page = await browser.newPage();
  const errors = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(`${origin}/`, { waitUntil: 'load' });
  return { page, errors };
}

/** What the page's own scripts do, in the page: every step's outcome, never throwing. */
async function runClientFlow(page, product, email) {
  return page.evaluate(
    async ({ product, email }) => {
      const steps = {};
      const record = (name, value) => {
        steps[name] = value;
        document.getElementById('log').textContent += `${name}: ${JSON.stringify(value)}\n`;
      };
      const client = new AuthJs.AuthClient({
        url: `${product}/auth/v1`,
        headers: { apikey: 'designcore-local' },
        storageKey: 'another-app',
        persistSession: true,
        autoRefreshToken: false,
        detectSessionInUrl: false,
      });
      const password = 'Another-app-passw0rd!';
      const signUp = await client.signUp({ email, password, options: { data: { first_name: 'Ada' } } });
      record('signUp', { error: signUp.error?.message ?? null, user: signUp.data.user?.email ?? null });
      await client.signOut({ scope: 'local' });
      const signIn = await client.signInWithPassword({ email, password });
      record('signIn', {
        error: signIn.error?.message ?? null,
        token: Boolean(signIn.data.session?.access_token),
      });
      const user = await client.getUser();
      record('getUser', { error: user.error?.message ?? null, email: user.data.user?.email ?? null });
      const before = signIn.data.session?.refresh_token;
      const refreshed = await client.refreshSession();
      record('refresh', {
        error: refreshed.error?.message ?? null,
        rotated: Boolean(refreshed.data.session) && refreshed.data.session.refresh_token !== before,
      });
      const updated = await client.updateUser({ data: { first_name: 'Adaeze' } });
      record('updateUser', {
        error: updated.error?.message ?? null,
        firstName: updated.data.user?.user_metadata?.first_name ?? null,
      });
      const token = (await client.getSession()).data.session?.access_token;

      const rows = await fetch(`${product}/api/v1/templates/home`);
      const rowsBody = await rows.json();
      record('api', { status: rows.status, rows: rowsBody.rows?.length ?? null });
      const key = await fetch(`${product}/functions/v1/paystack-public-key`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${token}`,
          apikey: 'designcore-local',
          'Content-Type': 'application/json',
          'x-client-info': 'another-app/1.0',
        },
        body: '{}',
      });
      const keyBody = await key.json();
      record('functions', { status: key.status, publicKey: String(keyBody.public_key ?? '') });

      const signOut = await client.signOut();
      record('signOut', { error: signOut.error?.message ?? null });
      const after = await fetch(`${product}/auth/v1/user`, {
        headers: { Authorization: `Bearer ${token}`, apikey: 'designcore-local' },
      });
      record('afterSignOut', { status: after.status });
      return steps;
    },
    { product, email },
  );
}

describe('the API from a browser app on another origin', () => {
  test('an allowed origin uses /auth/v1, /api/v1 and /functions/v1 with the official client', async () => {
    const { page, errors } = await openApp(allowed.origin);
    const email = `cors-${Date.now()}@example.com`;
    const steps = await runClientFlow(page, BASE_URL, email);
    await page.screenshot({ path: `${RESULTS_DIR}cors-allowed.png` });
    await page.close();
    assert.deepEqual(steps.signUp, { error: null, user: email });
    assert.deepEqual(steps.signIn, { error: null, token: true });
    assert.deepEqual(steps.getUser, { error: null, email });
    assert.deepEqual(steps.refresh, { error: null, rotated: true });
    assert.deepEqual(steps.updateUser, { error: null, firstName: 'Adaeze' });
    assert.equal(steps.api.status, 200);
    assert.ok(steps.api.rows > 0, JSON.stringify(steps.api));
    assert.equal(steps.functions.status, 200);
    assert.match(steps.functions.publicKey, /^pk_test_/);
    assert.deepEqual(steps.signOut, { error: null });
    assert.ok([401, 403].includes(steps.afterSignOut.status), JSON.stringify(steps.afterSignOut));
    assert.deepEqual(errors.filter((text) => /CORS|Access-Control/.test(text)), []);
  });

  test('an origin not listed is refused by the browser', async () => {
    const { page, errors } = await openApp(refused.origin);
    const outcome = await page.evaluate(async (product) => {
      const client = new AuthJs.AuthClient({
        url: `${product}/auth/v1`,
        headers: { apikey: 'designcore-local' },
        storageKey: 'refused-app',
        autoRefreshToken: false,
        detectSessionInUrl: false,
      });
      const signIn = await client.signInWithPassword({
        email: 'nobody@example.com',
        password: 'Another-app-passw0rd!',
      });
      let api = 'answered';
      try {
        await fetch(`${product}/api/v1/templates/home`);
      } catch (error) {
        api = error.name;
      }
      return { signIn: signIn.error?.name ?? null, api };
    }, BASE_URL);
    await page.screenshot({ path: `${RESULTS_DIR}cors-refused.png` });
    await page.close();
    // The client cannot read the answer: a network-level failure, not an API error.
    assert.equal(outcome.signIn, 'AuthRetryableFetchError');
    assert.equal(outcome.api, 'TypeError');
    assert.ok(
      errors.some((text) => /CORS policy/.test(text)),
      `no CORS refusal in the console: ${errors.join(' | ')}`,
    );
  });
});
