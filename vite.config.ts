import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { rasterIconsPlugin } from './scripts/vite-raster-icons.ts';
import { workboxOptions } from './scripts/service-worker-options.ts';
import { serverPagePrefixes } from './src/shared/contracts/web-paths.ts';

const apiTarget = process.env.API_URL ?? `http://localhost:${process.env.API_PORT ?? 3000}`;

const themeColor = '#4f46e5';
const faviconPath = path.resolve(import.meta.dirname, 'src/web/public/favicon.svg');
/** Every icon size Android (launcher densities, splash) and iOS (home screen) ask for. */
const iconSizes = [48, 72, 96, 128, 144, 152, 192, 256, 384, 512];
const maskableSizes = [192, 512];

/**
 * Home-screen icons drawn from favicon.svg with sharp at build time (no PNG in git): icons/icon-N.png as drawn,
 * icons/maskable-N.png full-bleed on the theme colour with the mark inside the safe zone, and the opaque
 * icons/apple-touch-icon.png iOS wants.
 */
function homeScreenIcons(): Plugin {
  return {
    name: 'resale-home-screen-icons',
    apply: 'build',
    async generateBundle() {
      const { default: sharp } = await import('sharp');
      const svg = await readFile(faviconPath);
      const draw = (size: number) =>
        sharp(svg, { density: Math.ceil((72 * size) / 32) })
          .resize(size, size)
          .png()
          .toBuffer();
      const fullBleed = async (size: number, inner: number) =>
        sharp({ create: { width: size, height: size, channels: 4, background: themeColor } })
          .composite([{ input: await draw(Math.round(size * inner)), gravity: 'centre' }])
          .png()
          .toBuffer();
      for (const size of iconSizes) this.emitFile({ type: 'asset', fileName: `icons/icon-${size}.png`, source: await draw(size) });
      for (const size of maskableSizes)
        this.emitFile({ type: 'asset', fileName: `icons/maskable-${size}.png`, source: await fullBleed(size, 0.72) });
      this.emitFile({ type: 'asset', fileName: 'icons/apple-touch-icon.png', source: await fullBleed(180, 0.86) });
    },
  };
}

/**
 * Installable app (issue 14): the web app manifest, and a Workbox service worker that precaches the app shell and
 * answers the app's own pages with it, so the app opens offline (scripts/service-worker-options.ts). A new version
 * waits until the seller chooses "Reload" (src/web/app/pwa-status.tsx) instead of mixing old and new code.
 */
const serviceWorker = VitePWA({
  registerType: 'prompt',
  injectRegister: false,
  manifest: {
    id: '/',
    name: 'Resale Studio',
    short_name: 'Resale Studio',
    description: 'Photograph second-hand items, upload them, write listings with AI and publish them to eBay.',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: themeColor,
    background_color: '#f8fafc',
    icons: [
      ...iconSizes.map((size) => ({ src: `/icons/icon-${size}.png`, sizes: `${size}x${size}`, type: 'image/png', purpose: 'any' })),
      ...maskableSizes.map((size) => ({
        src: `/icons/maskable-${size}.png`,
        sizes: `${size}x${size}`,
        type: 'image/png',
        purpose: 'maskable',
      })),
    ],
  },
  workbox: workboxOptions,
});

export default defineConfig({
  root: path.resolve(import.meta.dirname, 'src/web'),
  publicDir: path.resolve(import.meta.dirname, 'src/web/public'),
  plugins: [react(), tailwindcss(), rasterIconsPlugin(), homeScreenIcons(), serviceWorker],
  // `@/x` is src/web/x (issue 59), as tsconfig.json's paths say: the key '@' matches `@` and `@/…` only, never `@scope/…`.
  resolve: {
    alias: { '@shared': path.resolve(import.meta.dirname, 'src/shared'), '@': path.resolve(import.meta.dirname, 'src/web') },
  },
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist/web'),
    emptyOutDir: true,
    // Hidden: no sourceMappingURL in the bundles; scripts/build.mjs moves the maps out of the served folder.
    sourcemap: 'hidden',
    // NO_MINIFY=1 npm run build keeps the code's names, for reading a CPU profile (bench/dashboard-list.ts).
    minify: process.env.NO_MINIFY ? false : undefined,
    // Which files each screen loads, read by bench/web-delivery.ts; scripts/build.mjs moves it to dist/web-chunks.json.
    manifest: true,
    rolldownOptions: {
      // No "callbacks ran for N s" notice on each build: the service worker's generation (Workbox) takes its seconds.
      checks: { bundlerTimings: false },
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
    // The API and every page the server answers outside the app (the simulated marketplaces' pages, web-paths.ts).
    proxy: Object.fromEntries(serverPagePrefixes.map((prefix) => [prefix, { target: apiTarget, changeOrigin: false }])),
  },
});
