import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const apiTarget = process.env.API_URL ?? `http://localhost:${process.env.API_PORT ?? 3000}`;

export default defineConfig({
  root: path.resolve(import.meta.dirname, 'src/web'),
  publicDir: path.resolve(import.meta.dirname, 'src/web/public'),
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@shared': path.resolve(import.meta.dirname, 'src/shared') } },
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist/web'),
    emptyOutDir: true,
    // Hidden: no sourceMappingURL in the bundles; scripts/build.mjs moves the maps out of the served folder.
    sourcemap: 'hidden',
    // dist/web/.vite/manifest.json (a dot folder: never served): which files each screen loads, read by the bench.
    manifest: true,
    rolldownOptions: {
      output: {
        // Everything the first page needs in one chunk: on a phone's network each further file costs a round trip
        // (HTTP/1.1 opens few connections); the screens past sign-in stay in chunks of their own (issue 14).
        codeSplitting: { groups: [{ name: 'start', tags: ['$initial'] }] },
      },
    },
  },
  worker: { format: 'es' },
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
});
