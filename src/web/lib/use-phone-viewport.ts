import { useSyncExternalStore } from 'react';

/** Below Tailwind's sm breakpoint (640 px): a phone held upright. */
const phoneQuery = '(max-width: 639.98px)';

let phoneList: MediaQueryList | null = null;
const list = () => (typeof window === 'undefined' || !window.matchMedia ? null : (phoneList ??= window.matchMedia(phoneQuery)));

function subscribe(onChange: () => void) {
  const media = list();
  media?.addEventListener('change', onChange);
  return () => media?.removeEventListener('change', onChange);
}

/** Whether the screen is phone-narrow (false where there is no matchMedia, as in unit tests: the desktop layout). */
export function usePhoneViewport(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => list()?.matches ?? false,
    () => false,
  );
}
