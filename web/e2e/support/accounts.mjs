// Accounts for browser tests, made through the public APIs the app itself uses: sign-up, and the
// premium upgrade paid with the sandbox's success card (no checkout page needed).
import assert from 'node:assert/strict';

import { baseUrl } from './browser.mjs';

export const PASSWORD = 'kolanut-42-Lagos';
/** The sandbox's card that pays (its declined card is in payments.e2e.mjs). */
export const SUCCESS_CARD = { number: '4084 0840 8408 4081', expiry: '12/40', cvv: '408' };

/** JSON over HTTP to the server under test; answers `{status, body}`. */
export async function call(path, { method = 'POST', token, body } = {}) {
  const response = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** A new confirmed user (`{email, token}`) with a unique address starting with `label`. */
export async function newUser(label) {
  const email = `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const signedUp = await call('/auth/v1/signup', {
    body: { email, password: PASSWORD, data: { first_name: 'Ada', last_name: 'Obi' } },
  });
  assert.equal(signedUp.status, 200, JSON.stringify(signedUp.body));
  return { email, token: signedUp.body.access_token };
}

/** Upgrades the user to premium: a checkout paid with the sandbox's success card, then verified. */
export async function makePremium(token) {
  const created = await call('/functions/v1/create-premium-upgrade', { token, body: { amount: 150000, currency: 'NGN' } });
  assert.equal(created.status, 200, JSON.stringify(created.body));
  const charged = await call('/sandbox/paystack/charge', { body: { access_code: created.body.access_code, card: SUCCESS_CARD } });
  assert.equal(charged.body?.status, true, JSON.stringify(charged.body));
  const verified = await call('/functions/v1/verify-premium-payment', { token, body: { reference: created.body.reference } });
  assert.equal(verified.body?.status, 'success', JSON.stringify(verified.body));
}

/** Signs in through the header's Sign In button and the auth dialog. */
export async function signInThroughDialog(page, email) {
  await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
  const dialog = page.getByRole('dialog', { name: 'Welcome Back' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('button', { name: 'Open account menu' }).waitFor();
}
