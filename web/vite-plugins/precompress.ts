// Writes a brotli (`.br`) and a gzip (`.gz`) copy beside every built text file, so the server
// sends compressed files made once at build time instead of compressing on every request
// (designcore.app.http.web picks the copy the request's Accept-Encoding prefers). Node's own
// zlib does both codings; docs/decisions.md says why this is not a plugin package.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt)$/;

export interface PrecompressOptions {
  /** Files smaller than this many bytes are left alone (compression would not pay). */
  threshold?: number;
}

async function* files(directory: string): AsyncGenerator<string> {
  for (const entry of await readdir(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile()) yield full;
  }
}

/** Compresses `data` both ways; a coding that does not shrink it is left out. */
export function compressions(data: Buffer): { suffix: string; bytes: Buffer }[] {
  const made = [
    {
      suffix: '.br',
      bytes: brotliCompressSync(data, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      }),
    },
    { suffix: '.gz', bytes: gzipSync(data, { level: constants.Z_BEST_COMPRESSION }) },
  ];
  return made.filter((copy) => copy.bytes.length < data.length);
}

export function precompress({ threshold = 1024 }: PrecompressOptions = {}): Plugin {
  let outDir = '';
  return {
    name: 'designcore:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      let original = 0;
      let brotli = 0;
      for await (const file of files(outDir)) {
        if (!COMPRESSIBLE.test(file) || (await stat(file)).size < threshold) continue;
        const data = await readFile(file);
        for (const copy of compressions(data)) {
          await writeFile(file + copy.suffix, copy.bytes);
          if (copy.suffix === '.br') brotli += copy.bytes.length;
        }
        original += data.length;
      }
      this.info(`precompressed ${(original / 1024).toFixed(0)} KiB of text to ${(brotli / 1024).toFixed(0)} KiB brotli`);
    },
  };
}
