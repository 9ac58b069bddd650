import type { VitePWAOptions } from 'vite-plugin-pwa';
import { appShellNavigations } from '../src/shared/contracts/web-paths.ts';
// The thumbnail cache, which sign-out empties.
import { thumbnailCacheName } from '../src/web/lib/offline-caches.ts';

/**
 * The Workbox service worker's options (vite.config.ts builds it with them; http/server-pages.test.ts builds one with
 * them too, to check which navigations it answers). It precaches the app shell (every built file) and answers the app's
 * own pages with it, so the app opens offline; every other navigation goes to the server. It caches no API data: the
 * one runtime route is product thumbnails (images whose signed URL names a .thumb.webp), by that URL.
 */
export const workboxOptions = {
  // (The manifest is added by the plugin itself.)
  globPatterns: ['**/*.{js,css,html,svg,png}'],
  // Hashed file names need no cache-busting query: the precache may take them from the HTTP cache.
  dontCacheBustURLsMatching: /^assets\//,
  navigateFallback: '/index.html',
  // Only the app's pages (web-paths.ts): the simulated marketplaces' consent, listing and order pages, /ebay-callback
  // and anything else the server answers reach it (the shell answered /simulated-etsy/ with "Page not found").
  navigateFallbackAllowlist: [...appShellNavigations],
  cleanupOutdatedCaches: true,
  clientsClaim: true,
  // Web Push (decision 084): the push and notificationclick handlers, a plain file of src/web/public.
  importScripts: ['/push-sw.js'],
  sourcemap: false,
  runtimeCaching: [
    {
      // Serialized into sw.js: self-contained. A local file URL is /api/files/<base64url("expiry:key")>.<mac>.
      urlPattern: ({ request, url }) => {
        if (request.destination !== 'image') return false;
        if (url.origin !== self.location.origin) return url.pathname.endsWith('.thumb.webp');
        if (!url.pathname.startsWith('/api/files/')) return false;
        try {
          const payload = (url.pathname.slice('/api/files/'.length).split('.')[0] ?? '').replace(/-/g, '+').replace(/_/g, '/');
          return atob(payload).endsWith('.thumb.webp');
        } catch {
          return false;
        }
      },
      handler: 'CacheFirst',
      options: {
        cacheName: thumbnailCacheName,
        // A signed URL lives an hour at most; only real answers (no opaque or error responses).
        expiration: { maxEntries: 400, maxAgeSeconds: 60 * 60 },
        cacheableResponse: { statuses: [200] },
      },
    },
  ],
} satisfies VitePWAOptions['workbox'];
