import { fileURLToPath, URL } from 'node:url';

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The Python backend serves the built app and the API on one origin; in development Vite
// forwards the backend's prefixes to it so the front-end can keep using relative URLs.
const backend = process.env.DESIGNCORE_BACKEND_URL ?? 'http://127.0.0.1:8000';
const proxied = ['/api', '/storage', '/auth', '/functions', '/schema', '/fonts'];

export default defineConfig({
  plugins: [react()],
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
    sourcemap: true,
  },
});
