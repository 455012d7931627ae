/** @type {import('jest').Config} */
module.exports = {
  // jsdom by default (the script runs in browsers); a test file opts into Node with a
  // `@jest-environment node` docblock when it checks behaviour outside a browser.
  testEnvironment: 'jsdom',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  moduleFileExtensions: ['ts', 'js', 'json'],
  // Babel strips types only; `npm run typecheck` (tsc) is the type check. Babel rather than swc or
  // ts-jest: it is plain JavaScript (no per-platform native binary to lock) and does not need
  // TypeScript's JavaScript API, which the native TypeScript 7 compiler does not provide.
  transform: {
    '^.+\\.ts$': [
      'babel-jest',
      {
        babelrc: false,
        configFile: false,
        presets: [['@babel/preset-typescript', { onlyRemoveTypeImports: true }]],
        plugins: ['@babel/plugin-transform-modules-commonjs'],
      },
    ],
  },
  restoreMocks: true,
  errorOnDeprecated: true,
};
