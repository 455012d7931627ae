// Moves the source maps out of the served folder: with `build.sourcemap: 'hidden'` Vite writes
// them without a `sourceMappingURL` comment, and this plugin moves every `.map` file from the
// build into `outside` (web/sourcemaps/), where an error tracker or a developer can use them
// and the public cannot download them.
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';

import type { Plugin } from 'vite';

async function* maps(directory: string): AsyncGenerator<string> {
  for (const entry of await readdir(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) yield* maps(full);
    else if (entry.isFile() && entry.name.endsWith('.map')) yield full;
  }
}

export function sourceMapsOutside(outside: string): Plugin {
  let outDir = '';
  return {
    name: 'designcore:source-maps-outside',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async buildStart() {
      await rm(outside, { recursive: true, force: true });
    },
    async writeBundle() {
      for await (const map of maps(outDir)) {
        const target = path.join(outside, path.relative(outDir, map));
        await mkdir(path.dirname(target), { recursive: true });
        await rename(map, target);
      }
    },
  };
}
