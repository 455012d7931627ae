/**
 * Jest runs the unit and component tests under jsdom with Node's fetch (jest-fixed-jsdom keeps
 * the globals MSW v2 needs). TypeScript is transpiled per file by ts-jest (tsconfig.jest.json has
 * isolatedModules); type checking is `npm run typecheck`.
 *
 * @type {import('jest').Config}
 */
export default {
  testEnvironment: 'jest-fixed-jsdom',
  roots: ['<rootDir>/src'],
  testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}'],
  setupFilesAfterEnv: ['<rootDir>/src/testing/setup-tests.ts'],
  moduleNameMapper: {
    // env.ts reads import.meta.env, which Jest cannot parse: use the test double instead.
    '^@/config/env$': '<rootDir>/src/testing/mocks/env.ts',
    '\\.css$': 'identity-obj-proxy',
    '^@/(.*)$': '<rootDir>/src/$1',
  },
  transform: {
    '^.+\\.tsx?$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.jest.json' }],
    // MSW v2 depends on a few ESM-only packages; compile just those to CommonJS.
    '^.+\\.m?js$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.jest.json' }],
  },
  // Konva ships ESM only (react-konva requires it from CommonJS): compiled too.
  transformIgnorePatterns: ['/node_modules/(?!(rettime|until-async|@open-draft/deferred-promise|konva)/)'],
  clearMocks: true,
  restoreMocks: true,
};
