import { fileURLToPath, URL } from 'node:url';

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

import { precompress } from './vite-plugins/precompress';
import { sourceMapsOutside } from './vite-plugins/source-maps';
import { swaggerUi } from './vite-plugins/swagger-ui';

// The Python backend serves the built app and the API on one origin; in development Vite
// forwards the backend's prefixes to it so the front-end can keep using relative URLs.
const backend = process.env.DESIGNCORE_BACKEND_URL ?? 'http://127.0.0.1:8000';
/** Modules of the first route shared with lazy pages (see `build.rolldownOptions` below). */
const SHELL_MODULES =
  /node_modules[\\/](react|react-dom|react-router|scheduler|swr|use-sync-external-store|dequal)[\\/]|src[\\/](config[\\/]env|components[\\/]ui[\\/](button|icons|toast-store)|lib[\\/](api-client|auth-token))\./;
const proxied = ['/api', '/storage', '/auth', '/functions', '/schema', '/fonts'];

export default defineConfig({
  // Production build: Swagger UI's files copied in for the API docs, source maps moved out of
  // the served folder, then brotli and gzip copies of every text file (the last step).
  plugins: [
    react(),
    swaggerUi(),
    sourceMapsOutside(fileURLToPath(new URL('./sourcemaps', import.meta.url))),
    precompress(),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: backend, changeOrigin: true }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: 'hidden',
    rolldownOptions: {
      output: {
        // The libraries and shared pieces every first route loads go in one chunk beside the
        // entry, not six small ones: on a slow link each request costs a round trip
        // (docs/benchmarks.md, "Home's first view").
        codeSplitting: {
          groups: [{ name: 'shell', test: SHELL_MODULES }],
        },
      },
    },
  },
});
