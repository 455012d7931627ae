import '@testing-library/jest-dom';
import { webcrypto } from 'node:crypto';

import { act } from '@testing-library/react';

import { dismissToast } from '@/components/ui/toaster';
import { setAccessTokenSource } from '@/lib/auth-token';

import { installFormDataShim } from './form-data-shim';
import { DEFAULT_VIEWPORT_WIDTH, installMatchMedia, setViewportWidth } from './match-media';
import { authDb } from './mocks/auth-db';
import { db } from './mocks/db';
import { promptsDb } from './mocks/handlers/prompts';
import { memberDb } from './mocks/member-db';
import { server } from './mocks/server';

installFormDataShim();
installMatchMedia();
// jsdom's crypto has no SubtleCrypto (PKCE hashes its verifier with it): lend Node's.
if (!globalThis.crypto.subtle) {
  Object.defineProperty(globalThis.crypto, 'subtle', { value: webcrypto.subtle, configurable: true });
}
// jsdom does not scroll; the layout scrolls to the top on a new page.
window.scrollTo = () => undefined;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  window.innerWidth = DEFAULT_VIEWPORT_WIDTH;
});
afterEach(() => {
  server.resetHandlers();
  db.reset();
  authDb.reset();
  memberDb.reset();
  promptsDb.reset();
  localStorage.clear();
  sessionStorage.clear();
  setAccessTokenSource(null);
  act(() => {
    dismissToast();
    setViewportWidth(DEFAULT_VIEWPORT_WIDTH);
  });
});
afterAll(() => server.close());
