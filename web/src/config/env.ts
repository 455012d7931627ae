import { parseEnv, type Env, type RawEnv } from './parse-env';

/**
 * The only module that reads `import.meta.env`; everything else imports `env` from here.
 * Jest maps this file to `src/testing/mocks/env.ts` (moduleNameMapper in jest.config.js),
 * because `import.meta` does not exist in Jest's CommonJS world.
 */
export const env: Env = parseEnv(import.meta.env as RawEnv);

export type { Env };
