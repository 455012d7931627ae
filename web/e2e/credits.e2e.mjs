// A free member's credits in the editor, in real Chromium: a member who joined through a referral
// has 10 credits, the Download dialog offers one for a file without watermark, and after the
// download the dialog and the server both say 9 — the balance the app shows is the server's.
//
//   E2E_BASE_URL=http://127.0.0.1:8000 npm run e2e   (or ./dev nox -s e2e)
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { PASSWORD, call, newUser, signInThroughDialog } from './support/accounts.mjs';
import { baseUrl, useBrowser } from './support/browser.mjs';

const BASE_URL = baseUrl();

const browser = useBrowser();

/** A member who signed up with `referrer`'s code: `{email, token}`, 10 credits. */
async function referredMember(referrer) {
  const me = await call('/api/v1/profiles/me', { method: 'GET', token: referrer.token });
  assert.equal(me.status, 200, JSON.stringify(me.body));
  const email = `credits-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const signedUp = await call('/auth/v1/signup', {
    body: { email, password: PASSWORD, data: { first_name: 'Bola', last_name: 'Ade', referral_code: me.body.referral_code } },
  });
  assert.equal(signedUp.status, 200, JSON.stringify(signedUp.body));
  return { email, token: signedUp.body.access_token };
}

async function balance(token) {
  const answer = await call('/api/v1/account/credits', { method: 'GET', token });
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body.balance;
}

async function freeTemplate() {
  const listed = await call('/api/v1/templates?size=48', { method: 'GET' });
  assert.equal(listed.status, 200, JSON.stringify(listed.body));
  const found = listed.body.templates.find((template) => !template.is_premium);
  assert.ok(found, 'the seed catalogue has a free template');
  return found;
}

describe('credits in the Download dialog', () => {
  test('a credit buys a download without watermark, and the dialog shows the balance the server keeps', async () => {
    const member = await referredMember(await newUser('referrer'));
    assert.equal(await balance(member.token), 10);
    const made = await call('/api/v1/designs', { token: member.token, body: { template_id: (await freeTemplate()).id } });
    assert.equal(made.status, 201, JSON.stringify(made.body));

    const context = await browser.newContext({ baseURL: BASE_URL, viewport: { width: 1440, height: 900 }, acceptDownloads: true });
    const page = await context.newPage();
    const problems = [];
    page.on('pageerror', (error) => problems.push(error.message));
    try {
      await page.goto('/');
      await signInThroughDialog(page, member.email);
      await page.goto(`/editor?designId=${made.body.id}`);
      await page.locator('[aria-label=Canvas] canvas').first().waitFor({ timeout: 30_000 });

      await page.getByRole('button', { name: 'Download' }).click();
      let dialog = page.getByRole('dialog', { name: 'Download' });
      const useCredit = dialog.getByLabel('Use a credit for this download without watermark (10 left)');
      await useCredit.check();
      const [download] = await Promise.all([
        page.waitForEvent('download', { timeout: 60_000 }),
        dialog.getByRole('button', { name: 'Download', exact: true }).click(),
      ]);
      assert.match(download.suggestedFilename(), /\.png$/);
      await dialog.getByRole('status').filter({ hasText: /^Downloaded / }).waitFor();
      assert.equal(await balance(member.token), 9);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });

      await page.getByRole('button', { name: 'Download' }).click();
      dialog = page.getByRole('dialog', { name: 'Download' });
      await dialog.getByLabel('Use a credit for this download without watermark (9 left)').waitFor({ timeout: 10_000 });
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
});
