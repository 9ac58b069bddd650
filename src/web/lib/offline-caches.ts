/**
 * The service worker's one runtime cache (scripts/service-worker-options.ts): product thumbnails by their signed URL.
 * Nothing under /api is cached otherwise; sign-out empties this one too, so the next seller on the device starts clean.
 */
export const thumbnailCacheName = 'thumbnails';

/** Drops the cached thumbnails (no-op where there is no Cache Storage, e.g. plain http on a LAN address). */
export async function clearThumbnailCache(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await caches.delete(thumbnailCacheName).catch(() => false);
}
