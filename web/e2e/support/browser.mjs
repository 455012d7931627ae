// What every browser test shares: the server under test, where artefacts go, and how Chromium is
// started. Nothing is downloaded: playwright-core drives the Chromium it is given (CHROMIUM_PATH,
// default /usr/bin/chromium, Debian's `chromium` package).
import { mkdir } from 'node:fs/promises';
import { after, before } from 'node:test';
import { fileURLToPath } from 'node:url';

import { chromium } from 'playwright-core';

/** The origin serving the built app and /api/v1 (`E2E_BASE_URL`); throws with what to set. */
export function baseUrl() {
  const url = process.env.E2E_BASE_URL;
  if (!url) {
    throw new Error(
      'E2E_BASE_URL is not set: give the origin that serves the built app and /api/v1, ' +
        'e.g. E2E_BASE_URL=http://127.0.0.1:8000 npm run e2e',
    );
  }
  return url.replace(/\/+$/, '');
}

/** Where screenshots and measurements go (web/test-results/, git-ignored). */
export const RESULTS_DIR = fileURLToPath(new URL('../../test-results/', import.meta.url));

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Answers the analytics consent banner before the app starts (unless a test answered it already). */
function answerConsent() {
  try {
    if (localStorage.getItem('designcore.analytics-consent') === null) {
      localStorage.setItem('designcore.analytics-consent', 'declined');
    }
  } catch {
    // An opaque origin (about:blank, data:) has no storage.
  }
}

/**
 * Headless Chromium with the flags CI needs; also makes RESULTS_DIR. The consent banner stays on
 * screen until answered (fixed above the bottom bars), so every page of this browser has it
 * answered ("declined") before the app starts, unless `consentBanner` is true: tests about the
 * banner ask for it.
 */
export async function launchBrowser({ consentBanner = false } = {}) {
  await mkdir(RESULTS_DIR, { recursive: true });
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  if (consentBanner) return browser;
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    await context.addInitScript(answerConsent);
    return context;
  };
  browser.newPage = async (options) => {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    // As Playwright's own newPage: closing the page closes its context.
    page.on('close', () => void context.close().catch(() => undefined));
    return page;
  };
  return browser;
}

/**
 * The one browser of a test file: launched before its tests (see `launchBrowser` for the options)
 * and closed after them. Call it at the top of the file; the answer stands for the browser once
 * launched (`browser.newContext(…)` in a test).
 */
export function useBrowser(options) {
  let launched;
  before(async () => {
    launched = await launchBrowser(options);
  });
  after(async () => {
    await launched?.close();
  });
  return new Proxy(
    {},
    {
      get(_, key) {
        if (!launched) throw new Error('the browser is launched before the tests: use it inside a test or hook');
        const value = launched[key];
        return typeof value === 'function' ? value.bind(launched) : value;
      },
    },
  );
}
