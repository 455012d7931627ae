// Copies Swagger UI's browser files from the swagger-ui-dist package into `swagger-ui/` of the
// build, so the API docs at /schema/swagger load them from our server and work offline
// (designcore.app.http.api_docs). Their licence and notice go along.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

import type { Plugin } from 'vite';

export const SWAGGER_UI_FILES = [
  'swagger-ui.css',
  'swagger-ui-bundle.js',
  'swagger-ui-standalone-preset.js',
  'LICENSE',
  'NOTICE',
];

export function swaggerUi(folder = 'swagger-ui'): Plugin {
  return {
    name: 'designcore:swagger-ui',
    apply: 'build',
    async generateBundle() {
      const require = createRequire(import.meta.url);
      const root = path.dirname(require.resolve('swagger-ui-dist/package.json'));
      for (const name of SWAGGER_UI_FILES) {
        const source = await readFile(path.join(root, name));
        // The bundles end with a `sourceMappingURL` comment for a map we do not ship.
        const text = name.endsWith('.js') || name.endsWith('.css') ? stripMapComment(source) : source;
        this.emitFile({ type: 'asset', fileName: `${folder}/${name}`, source: text });
      }
    },
  };
}

function stripMapComment(source: Buffer): string {
  return source.toString('utf8').replace(/\n?\/[/*][#@] sourceMappingURL=[^\n]*\s*$/, '\n');
}
