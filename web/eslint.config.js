// ESLint flat config. Architecture rules follow bulletproof-react: features never import one
// another, and shared code (components, config, lib, types, testing) never imports features or
// the app layer. File names are kebab-case.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = path.dirname(fileURLToPath(import.meta.url));
const features = readdirSync(path.join(root, 'src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const architectureZones = [
  // One feature may not reach into another; compose them in src/app instead.
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'Features must not import each other; compose them in src/app.',
  })),
  // Features sit below the app layer.
  { target: './src/features', from: './src/app', message: 'Features must not import from src/app.' },
  // Shared code sits below features and app.
  {
    target: ['./src/components', './src/config', './src/lib', './src/types', './src/testing'],
    from: ['./src/features', './src/app'],
    message: 'Shared code must not import features or the app layer.',
  },
];

/** Local rule: every source file name is kebab-case (`template-card.tsx`, `get-home-rows.ts`). */
const kebabCase = {
  meta: { type: 'suggestion', schema: [], messages: { bad: 'File name "{{name}}" is not kebab-case.' } },
  create(context) {
    return {
      Program(node) {
        const base = path.basename(context.filename).replace(/(\.(test|e2e|d|module|config))?\.[cm]?[jt]sx?$/, '');
        if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(base)) {
          context.report({ node, messageId: 'bad', data: { name: path.basename(context.filename) } });
        }
      },
    };
  },
};

/**
 * Local rule: no inline exception to the fetch rule. Raw `fetch` is allowed only in the files the
 * config names (src/lib/api-client.ts, src/lib/auth/); a comment that turns off
 * `no-restricted-globals`/`no-restricted-properties`, or every rule at once, is reported.
 */
const noFetchExceptions = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      named: 'Do not switch off {{rule}} inline: call the server through src/lib/api-client.ts.',
      bare: 'Name the rules an eslint-disable comment switches off (a bare one would also allow a raw fetch).',
    },
  },
  create(context) {
    const guarded = ['no-restricted-globals', 'no-restricted-properties'];
    return {
      Program() {
        for (const comment of context.sourceCode.getAllComments()) {
          const match = /^\s*eslint-disable(?:-next-line|-line)?(?:\s+([^]*?))?\s*(?:--[^]*)?$/.exec(comment.value);
          if (!match) continue;
          const rules = (match[1] ?? '').split(',').map((rule) => rule.trim()).filter(Boolean);
          if (rules.length === 0) {
            // Reported where the directive itself does not reach: a bare `eslint-disable-line`
            // would silence a report on its own line.
            const line = comment.loc.start.line;
            const elsewhere = /^\s*eslint-disable-line/.test(comment.value)
              ? (line < context.sourceCode.lines.length ? line + 1 : line - 1)
              : line;
            context.report({ loc: { line: Math.max(1, elsewhere), column: 0 }, messageId: 'bare' });
            continue;
          }
          for (const rule of rules.filter((name) => guarded.includes(name))) {
            context.report({ loc: comment.loc, messageId: 'named', data: { rule } });
          }
        }
      },
    };
  },
};

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: {
      import: importPlugin,
      'react-hooks': reactHooks,
      designcore: { rules: { 'kebab-case-files': kebabCase, 'no-fetch-exceptions': noFetchExceptions } },
    },
    settings: {
      'import/resolver': { typescript: { project: './tsconfig.json' } },
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import/no-restricted-paths': ['error', { zones: architectureZones }],
      'import/no-cycle': 'error',
      'import/no-duplicates': 'error',
      'import/order': [
        'error',
        {
          groups: ['builtin', 'external', 'internal', ['parent', 'sibling', 'index'], 'unknown'],
          pathGroups: [{ pattern: '@/**', group: 'internal' }],
          pathGroupsExcludedImportTypes: ['builtin'],
          'newlines-between': 'always-and-inside-groups',
        },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.type='MetaProperty'][property.name='env']",
          message: 'Read configuration through src/config/env.ts, the only reader of import.meta.env.',
        },
      ],
      'designcore/kebab-case-files': 'error',
      'designcore/no-fetch-exceptions': 'error',
      // Every HTTP call goes through src/lib/api-client.ts (JSON, files, text, raw upload bodies,
      // keepalive); only it and the kept auth client (src/lib/auth/) may call fetch, and an
      // eslint-disable comment cannot make an exception (see the last block).
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Call the server through src/lib/api-client.ts (api.get/post with rawBody/keepalive, getFile, getText, postForFile).' },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'globalThis', property: 'fetch', message: 'Call the server through src/lib/api-client.ts.' },
        { object: 'window', property: 'fetch', message: 'Call the server through src/lib/api-client.ts.' },
      ],
    },
  },
  {
    // The one API client, and the kept auth client (/auth/v1), own their fetch.
    files: ['src/lib/api-client.ts', 'src/lib/auth/**'],
    rules: { 'no-restricted-globals': 'off', 'no-restricted-properties': 'off', 'designcore/no-fetch-exceptions': 'off' },
  },
  {
    files: ['src/config/env.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['src/**/*.test.{ts,tsx}', 'src/testing/**'],
    languageOptions: { globals: { ...globals.browser, ...globals.jest } },
    rules: { 'no-restricted-globals': 'off', 'no-restricted-properties': 'off' },
  },
  {
    files: ['*.{js,ts}'],
    languageOptions: { globals: globals.node },
  },
  {
    // End-to-end tests run in Node but pass callbacks that Playwright evaluates in the page.
    files: ['e2e/**/*.mjs', 'bench/**/*.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
