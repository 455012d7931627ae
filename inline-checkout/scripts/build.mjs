// Bundles src/index.ts into an IIFE, dist/inline.js (readable) and dist/inline.min.js (minified), and
// src/module.ts into an ES module, dist/inline.mjs (minified, no side effects).
// Usage: node scripts/build.mjs [--outdir DIR]   (the build test writes to a temporary DIR)
import { build } from 'esbuild';
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const flag = process.argv.indexOf('--outdir');
const outdir = flag === -1 ? resolve(root, 'dist') : resolve(process.argv[flag + 1] ?? '');
const { version } = JSON.parse(await readFile(resolve(root, 'package.json'), 'utf8'));

/** @type {import('esbuild').BuildOptions} */
const common = {
  entryPoints: [resolve(root, 'src/index.ts')],
  bundle: true,
  // No globalName: the bundle's exports stay inside the IIFE, so window.PaystackPop (set by
  // src/index.ts) is the only global the script creates.
  format: 'iife',
  platform: 'browser',
  target: 'es2020',
  charset: 'utf8',
  legalComments: 'none',
  logLevel: 'warning',
  banner: { js: `/*! inline-checkout ${version} */` },
  // Private members are named with a leading underscore (`_popup`, `_show`); shortening them is
  // safe because nothing outside the bundle reads them. Public names never start with '_'.
  mangleProps: /^_[a-zA-Z]/,
};

await Promise.all([
  build({ ...common, outfile: resolve(outdir, 'inline.js') }),
  build({ ...common, outfile: resolve(outdir, 'inline.min.js'), minify: true }),
  build({ ...common, entryPoints: [resolve(root, 'src/module.ts')], format: 'esm', outfile: resolve(outdir, 'inline.mjs'), minify: true }),
]);
console.log(`built ${resolve(outdir, 'inline.js')}, inline.min.js and inline.mjs`);
