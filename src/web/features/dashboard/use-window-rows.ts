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
 *
 * One render at a time, and at most one new row a render (the one nearest the viewport): a render reads the rows
 * in view when it runs, so a scroll while it is under way asks for nothing, and its commit asks for the next while
 * rows are missing. The browser then lays out and paints three new cards a frame, not ten rows at once (a
 * transition per scroll event restarted the render under way at every frame, and a fast scroll committed many
 * rows together).
 */
export function useWindowRows(options: RowOptions) {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  /** The rows in view the last commit showed in full (null when it left some out). */
  const rendered = useRef<VirtualItem[] | null>(null);
  const mounted = useRef<ReadonlySet<VirtualItem['key']>>(new Set());
  const pending = useRef(false);
  const renderIfMoved = (instance: Virtualizer<Window, HTMLDivElement>) => {
    if (pending.current || instance.getVirtualItems() === rendered.current) return;
    pending.current = true;
    startTransition(rerender);
  };
  const resolved: VirtualizerOptions<Window, HTMLDivElement> = {
    ...options,
    getScrollElement: () => (typeof window === 'undefined' ? null : window),
    observeElementRect: observeWindowRect,
    observeElementOffset: observeWindowOffset,
    scrollToFn: windowScroll,
    initialOffset: () => (typeof window === 'undefined' ? 0 : window.scrollY),
    onChange: renderIfMoved,
  };
  const [virtualizer] = useState(() => new Virtualizer(resolved));
  virtualizer.setOptions(resolved);
  const inView = virtualizer.getVirtualItems();
  const rows = withOneNewRow(inView, mounted.current, virtualizer);
  useLayoutEffect(() => {
    mounted.current = new Set(rows.map((row) => row.key));
    rendered.current = rows.length === inView.length ? inView : null;
    pending.current = false;
    renderIfMoved(virtualizer);
  });
  useLayoutEffect(() => virtualizer._didMount(), [virtualizer]);
  useLayoutEffect(() => virtualizer._willUpdate());
  return { virtualizer, rows, totalSize: virtualizer.getTotalSize() };
}

/**
 * The rows in view already mounted, plus the missing one nearest the viewport; on the first render, every row on
 * screen (the overscan follows one by one). Only then: doing so whenever no mounted row was on screen (a jump) made
 * a fast scroll that had outrun its rows commit four or five rows at once.
 */
function withOneNewRow(inView: VirtualItem[], mounted: ReadonlySet<VirtualItem['key']>, virtualizer: Virtualizer<Window, HTMLDivElement>) {
  const missing = inView.filter((row) => !mounted.has(row.key));
  if (missing.length <= 1) return inView;
  const top = virtualizer.scrollOffset ?? 0;
  const bottom = top + (virtualizer.scrollRect?.height ?? 0);
  const distance = (row: VirtualItem) => Math.max(0, top - row.end, row.start - bottom);
  if (mounted.size === 0) {
    return inView.filter((row) => mounted.has(row.key) || distance(row) === 0);
  }
  const next = missing.reduce((nearest, row) => (distance(row) < distance(nearest) ? row : nearest));
  return inView.filter((row) => row === next || mounted.has(row.key));
}
