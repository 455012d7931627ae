import { setupServer } from 'msw/node';

import { handlers } from './handlers';

/** MSW's Node server for Jest; tests add one-off handlers with `server.use(...)`. */
export const server = setupServer(...handlers);
