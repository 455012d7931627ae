import '@testing-library/jest-dom';

import { installFormDataShim } from './form-data-shim';
import { db } from './mocks/db';
import { server } from './mocks/server';

installFormDataShim();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  db.reset();
});
afterAll(() => server.close());
