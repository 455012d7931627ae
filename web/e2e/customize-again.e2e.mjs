// Customising a template again on a phone, in a real Chromium: the member's latest design from it
// is offered back ("Continue your design?") instead of a second identical design, and when the
// free allowance is used up "Start a new copy" shows the server's reason, never a stuck spinner.
//
//   ./dev nox -s e2e
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { RESULTS_DIR, baseUrl, useBrowser } from './support/browser.mjs';
import { call, newUser, signInThroughDialog } from './support/accounts.mjs';

const BASE_URL = baseUrl();

const browser = useBrowser();

/** Moves within the app (no reload, so the session stays). */
async function visit(page, path) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

describe('customising a template again (375 px)', () => {
  test('offers the latest design back, and shows the server’s reason for refusing a new copy', { timeout: 90_000 }, async () => {
    const member = await newUser('customize-again');
    const listed = await call('/api/v1/templates?size=20', { method: 'GET' });
    const template = listed.body.templates.find((candidate) => !candidate.is_premium);
    const page = await browser.newPage({ viewport: { width: 375, height: 812 } });
    try {
      await page.goto(`${BASE_URL}/`);
      await signInThroughDialog(page, member.email);
      await visit(page, `/design?templateId=${template.id}`);
      await page.waitForURL(/\/editor\?designId=/, { timeout: 30_000 });
      const first = new URL(page.url()).searchParams.get('designId');

      await visit(page, `/design?templateId=${template.id}`);
      await page.getByRole('heading', { level: 1, name: 'Continue your design?' }).waitFor();
      await page.screenshot({ path: `${RESULTS_DIR}customize-again-375.png` });
      await page.getByRole('button', { name: 'Continue editing' }).click();
      await page.waitForURL(new RegExp(`designId=${first}$`));
      const fromTemplate = await call(`/api/v1/designs?template_id=${template.id}`, { method: 'GET', token: member.token });
      assert.equal(fromTemplate.body.total_count, 1, 'a second design was made');

      // The free allowance used up: a new copy is refused with the server's reason.
      for (let made = 1; made < 5; made += 1) {
        const blank = await call('/api/v1/designs', { token: member.token, body: { blank: { width: 100, height: 100 } } });
        assert.equal(blank.status, 201, JSON.stringify(blank.body));
      }
      await visit(page, `/design?templateId=${template.id}`);
      await page.getByRole('button', { name: 'Start a new copy' }).click();
      await page.getByRole('heading', { level: 1, name: 'No credits left for a new design' }).waitFor();
      await page.getByText(/^Free accounts keep 5 designs; each further design costs 1 credit/).waitFor();
      assert.equal(await page.getByText('Creating new design...').count(), 0);
      await page.screenshot({ path: `${RESULTS_DIR}customize-again-refused-375.png` });
    } finally {
      await page.close();
    }
  });
});
