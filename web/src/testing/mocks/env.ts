import type { Env } from '@/config/parse-env';

/** Jest's stand-in for `src/config/env.ts` (which reads `import.meta.env`, unknown to Jest). */
export const env: Env = {
  API_URL: '/api/v1',
  AUTH_URL: '/auth/v1',
  APP_NAME: 'designcore',
};
