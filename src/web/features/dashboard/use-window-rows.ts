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

/** A row in view and how many of its cells this render shows (all once it has caught up). */
export interface ShownRow {
  row: VirtualItem;
  cells: number;
}

/**
 * TanStack Virtual over the window, re-rendering only when the rows in view or their places change, and always as
 * a transition: React builds newly shown rows in slices between frames (the overscan has them ready before they
 * show) instead of in one long task. The React adapter renders synchronously when a row's ref reports its size
 * during a commit, which under CPU throttling made every new row a long task.
 *
 * One render at a time, and at most one new cell a render (in the missing row nearest the viewport): a render reads
 * the rows in view when it runs, so a scroll while it is under way asks for nothing, and its commit asks for the
 * next while cells are missing. The browser then styles, lays out and paints one new card a frame: a row of three
 * at once was a frame of 55-65 ms under 4x CPU throttling, a long task each time (a transition per scroll event
 * restarted the render under way at every frame, and a fast scroll committed many rows together).
 */
export function useWindowRows(options: RowOptions & { cellsIn(index: number): number }) {
  const { cellsIn, ...virtualOptions } = options;
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  /** The rows in view the last commit showed in full (null when it left some cells out). */
  const rendered = useRef<VirtualItem[] | null>(null);
  const shown = useRef<ReadonlyMap<VirtualItem['key'], number>>(new Map());
  const pending = useRef(false);
  const renderIfMoved = (instance: Virtualizer<Window, HTMLDivElement>) => {
    if (pending.current || instance.getVirtualItems() === rendered.current) return;
    pending.current = true;
    startTransition(rerender);
  };
  const resolved: VirtualizerOptions<Window, HTMLDivElement> = {
    ...virtualOptions,
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
  const top = virtualizer.scrollOffset ?? 0;
  const viewport = { top, bottom: top + (virtualizer.scrollRect?.height ?? 0) };
  const rows = withOneNewCell(inView, shown.current, cellsIn, viewport);
  useLayoutEffect(() => {
    shown.current = new Map(rows.map(({ row, cells }) => [row.key, cells]));
    const complete = rows.length === inView.length && rows.every(({ row, cells }) => cells >= cellsIn(row.index));
    rendered.current = complete ? inView : null;
    pending.current = false;
    renderIfMoved(virtualizer);
  });
  useLayoutEffect(() => virtualizer._didMount(), [virtualizer]);
  useLayoutEffect(() => virtualizer._willUpdate());
  return { virtualizer, rows, totalSize: virtualizer.getTotalSize() };
}

/**
 * The rows in view with the cells already shown, plus one more cell in the incomplete row nearest the viewport; on
 * the first render, every row on screen in full (the overscan follows cell by cell). Only then: doing so whenever
 * no shown row was on screen (a jump) made a fast scroll that had outrun its rows commit four or five rows at once.
 */
export function withOneNewCell(
  inView: readonly VirtualItem[],
  shown: ReadonlyMap<VirtualItem['key'], number>,
  cellsIn: (index: number) => number,
  { top, bottom }: { top: number; bottom: number },
): ShownRow[] {
  const distance = (row: VirtualItem) => Math.max(0, top - row.end, row.start - bottom);
  if (shown.size === 0) {
    return inView.filter((row) => distance(row) === 0).map((row) => ({ row, cells: cellsIn(row.index) }));
  }
  const incomplete = inView.filter((row) => (shown.get(row.key) ?? 0) < cellsIn(row.index));
  const next = incomplete.length ? incomplete.reduce((nearest, row) => (distance(row) < distance(nearest) ? row : nearest)) : null;
  return inView.flatMap((row) => {
    const cells = Math.min(shown.get(row.key) ?? 0, cellsIn(row.index)) + (row === next ? 1 : 0);
    return cells > 0 ? [{ row, cells }] : [];
  });
}
