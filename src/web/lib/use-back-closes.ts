import { useEffect, useRef } from 'react';

/** How many open dialogs hold a history entry: each one's entry carries its depth, so Back closes the top one only. */
let depth = 0;
/** Each entry's own mark: an entry is taken back only if it is still that dialog's. */
let entries = 0;
/**
 * The page is being left (an address typed, a link to another document): taking an entry back then would cancel that
 * navigation, so it is left to the page that goes.
 */
let leaving = false;
if (typeof window !== 'undefined') {
  window.addEventListener('beforeunload', () => {
    leaving = true;
  });
  window.addEventListener('pageshow', () => {
    leaving = false;
  });
}

const entryOf = (state: unknown): unknown =>
  state && typeof state === 'object' ? (state as { dialogEntry?: unknown }).dialogEntry : undefined;

const depthOf = (state: unknown): number =>
  state && typeof state === 'object' && typeof (state as { dialogDepth?: unknown }).dialogDepth === 'number'
    ? (state as { dialogDepth: number }).dialogDepth
    : 0;

/**
 * Back closes an open dialog instead of leaving the page (on a phone, Back with a dialog open left the
 * page). While `open`, the dialog has a history entry of its own (the same address, so the router stays where it is);
 * Back pops it and `close` runs. Closed another way (its X, Escape, Cancel, a choice), the entry is taken back, so the
 * next Back leaves the page as usual. A dialog opened over another has the entry above it: Back closes the top one.
 * The entry is made a task later, so React's development double run of effects makes one, not two.
 */
export function useBackCloses(open: boolean, close: () => void) {
  const closeRef = useRef(close);
  closeRef.current = close;
  useEffect(() => {
    if (!open || typeof window === 'undefined') return;
    let mine = 0;
    const entry = ++entries;
    let closedByBack = false;
    const onPop = (event: PopStateEvent) => {
      if (!mine || depthOf(event.state) >= mine) return;
      closedByBack = true;
      closeRef.current();
    };
    const timer = window.setTimeout(() => {
      mine = ++depth;
      window.history.pushState({ ...(window.history.state as object | null), dialogDepth: mine, dialogEntry: entry }, '');
      window.addEventListener('popstate', onPop);
    });
    return () => {
      window.clearTimeout(timer);
      if (!mine) return;
      window.removeEventListener('popstate', onPop);
      depth = Math.min(depth, mine - 1);
      if (closedByBack) return;
      // A task later: a dialog closed by a choice that opens another page (the router's push, a few microtasks on)
      // keeps that page; only an entry still on top is taken back.
      window.setTimeout(() => !leaving && entryOf(window.history.state) === entry && window.history.back());
    };
  }, [open]);
}
