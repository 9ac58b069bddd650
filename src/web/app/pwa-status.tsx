/// <reference types="vite-plugin-pwa/vanillajs" />
import { useEffect, useRef, useState } from 'react';
import { useOnline } from '../lib/use-online';

/**
 * Registers the service worker (vite.config.ts) once the page is up, and shows the two things it can tell: that the
 * browser is offline (the app still opens and Capture still works; the upload queue sends photos later), and that a
 * new version is ready, which takes over only when the seller reloads.
 */
export const offlineMessage = "You're offline — your photos will upload when you're back";

/**
 * Whether an event happened on the update prompt. A tap there starts nothing else (no prefetch): Chromium holds the new
 * version back, and the reload that follows hangs, when the old version is woken for requests as it is told to step
 * down (traced in Chromium: the old worker stopped, restarted for the prefetch, and the new one stayed `installed`).
 */
export function isOnUpdatePrompt(event: Event): boolean {
  return event.target instanceof Element && event.target.closest('[data-update-prompt]') !== null;
}

export function PwaStatus() {
  const online = useOnline();
  const [updateReady, setUpdateReady] = useState(false);
  const update = useRef<((reloadPage?: boolean) => Promise<void>) | null>(null);

  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    let cancelled = false;
    // Its own small chunk, loaded after the first page: the sign-in page does not wait for it.
    void import('virtual:pwa-register').then(({ registerSW }) => {
      if (cancelled) return;
      update.current = registerSW({
        onNeedRefresh: () => setUpdateReady(true),
        // Blocked (the e2e suite blocks service workers outside its PWA spec) or unsupported: the app works without.
        onRegisterError: () => undefined,
      });
    });
    return () => {
      cancelled = true;
    };
  }, []);

  return (
    <>
      {!online && (
        <p role="status" className="bg-amber-100 px-4 py-2 text-center text-sm font-medium text-amber-900" data-testid="offline-banner">
          {offlineMessage}
        </p>
      )}
      {updateReady && (
        <div className="fixed inset-x-0 bottom-4 z-50 flex justify-center px-4" data-testid="update-prompt" data-update-prompt>
          <p role="alert" className="rounded-xl bg-slate-900 px-4 py-3 text-sm text-white shadow-lg">
            Update available —{' '}
            <button
              type="button"
              className="rounded font-semibold text-indigo-200 underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-white"
              onClick={() => void reloadIntoUpdate(update.current)}
            >
              reload
            </button>
          </p>
        </div>
      )}
    </>
  );
}

/**
 * Lets the waiting version take over, then reloads under it. The reload is ours too: Workbox reloads only pages that
 * were controlled when they registered, not a first visit the worker claimed later.
 */
async function reloadIntoUpdate(update: ((reloadPage?: boolean) => Promise<void>) | null) {
  const registration = await navigator.serviceWorker.getRegistration();
  if (!update || !registration?.waiting) {
    window.location.reload();
    return;
  }
  let reloading = false;
  const reload = () => {
    if (reloading) return;
    reloading = true;
    window.location.reload();
  };
  navigator.serviceWorker.addEventListener('controllerchange', reload, { once: true });
  await update(true);
  // Chromium can hold the new version back while the old one answers requests that began as it was told to take
  // over: the reload lets it take over then.
  window.setTimeout(reload, updateTakeoverWaitMs);
}

/** How long the tap on reload waits for the new version to take over before reloading anyway. */
const updateTakeoverWaitMs = 2000;
