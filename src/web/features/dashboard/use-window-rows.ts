import { startTransition, useLayoutEffect, useReducer, useRef, useState } from 'react';
import {
  observeWindowOffset,
  observeWindowRect,
  Virtualizer,
  windowScroll,
  type VirtualItem,
  type VirtualizerOptions,
} from '@tanstack/react-virtual';

type RowOptions = Pick<
  VirtualizerOptions<Window, HTMLDivElement>,
  'count' | 'estimateSize' | 'measureElement' | 'overscan' | 'scrollMargin' | 'getItemKey'
>;

/**
 * TanStack Virtual over the window, re-rendering only when the rows in view or their places change, and always as
 * a transition: React builds newly shown rows in slices between frames (the overscan has them ready before they
 * show) instead of in one long task. The React adapter renders synchronously when a row's ref reports its size
 * during a commit, which under CPU throttling made every new row a long task.
 */
export function useWindowRows(options: RowOptions) {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const rendered = useRef<VirtualItem[] | null>(null);
  const resolved: VirtualizerOptions<Window, HTMLDivElement> = {
    ...options,
    getScrollElement: () => (typeof window === 'undefined' ? null : window),
    observeElementRect: observeWindowRect,
    observeElementOffset: observeWindowOffset,
    scrollToFn: windowScroll,
    initialOffset: () => (typeof window === 'undefined' ? 0 : window.scrollY),
    onChange: (instance) => {
      if (instance.getVirtualItems() !== rendered.current) startTransition(rerender);
    },
  };
  const [virtualizer] = useState(() => new Virtualizer(resolved));
  virtualizer.setOptions(resolved);
  const rows = virtualizer.getVirtualItems();
  useLayoutEffect(() => {
    rendered.current = rows;
  });
  useLayoutEffect(() => virtualizer._didMount(), [virtualizer]);
  useLayoutEffect(() => virtualizer._willUpdate());
  return { virtualizer, rows, totalSize: virtualizer.getTotalSize() };
}
