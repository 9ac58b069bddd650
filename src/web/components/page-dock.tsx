import { useSyncExternalStore } from 'react';

/** The signed-in page's dock: a place in the flow, at the top of the page's content, for notes that must cover nothing. */
let dock: HTMLElement | null = null;
const listeners = new Set<() => void>();

function setDock(element: HTMLElement | null) {
  if (dock === element) return;
  dock = element;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Where the page's dock is, when a page with one is shown. */
export function usePageDock(): HTMLElement | null {
  return useSyncExternalStore(
    subscribe,
    () => dock,
    () => null,
  );
}

/** Marks the dock's place (the app shell puts it above each page's content); empty, it takes no room. */
export function PageDock() {
  return <div ref={setDock} className="empty:hidden" data-testid="page-dock" />;
}
