// Prints the raw, gzip and brotli sizes of the minified bundle (default dist/inline.min.js), and
// fails when gzip -9 is over the budget (issue 10: at most 12 KB, counted here as 12,000 bytes).
// Usage: node scripts/size.mjs [FILE]
import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const file = resolve(process.argv[2] ?? resolve(root, 'dist/inline.min.js'));

let source;
try {
  source = readFileSync(file);
} catch (error) {
  console.error(`size: cannot read ${file} (${error.code ?? error.message}); run \`npm run build\` first`);
  process.exit(1);
}

// Maximum settings, as a CDN serving a static file would precompress it.
const sizes = {
  raw: source.length,
  gzip: gzipSync(source, { level: 9 }).length,
  brotli: brotliCompressSync(source, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
    },
  }).length,
};

const BUDGET = 12_000;
const kib = (bytes) => (bytes / 1024).toFixed(2);
console.log(relative(process.cwd(), file) || file);
for (const [name, bytes] of Object.entries(sizes)) {
  console.log(`  ${name.padEnd(6)} ${String(bytes).padStart(8)} B  ${kib(bytes).padStart(7)} KiB`);
}
if (sizes.gzip > BUDGET) {
  console.error(`size: ${sizes.gzip} B gzip is over the ${BUDGET} B budget`);
  process.exit(1);
}
console.log(`  within the ${BUDGET} B gzip budget (${BUDGET - sizes.gzip} B to spare)`);
