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
 * A row in view, how many of its cells this render shows (all once it has caught up) and how many of those in full
 * (the first `full`; the others as a preview: the same size, without the controls).
 */
export interface ShownRow {
  row: VirtualItem;
  cells: number;
  full: number;
}
type Shown = Pick<ShownRow, 'cells' | 'full'>;

/**
 * TanStack Virtual over the window, re-rendering only when the rows in view or their places change, and always as
 * a transition: React builds newly shown rows in slices between frames (the overscan has them ready before they
 * show) instead of in one long task. The React adapter renders synchronously when a row's ref reports its size
 * during a commit, which under CPU throttling made every new row a long task.
 *
 * One render a frame, each doing one thing (withNewCells): a new cell, shown as a preview (the card's size and face
 * without its controls: a third of the elements, no icons), or, once none is missing and the scroll has stopped,
 * one preview made whole. A render reads the rows in view when it runs, so a scroll while it is under way asks for
 * nothing, and its commit asks for the next once the browser has started drawing it. Under 4x CPU throttling a
 * whole card a frame made 4-8 long tasks in a 20 s fast scroll, a preview a frame 0-4 (and 33-38 frames/s instead
 * of 30-32); two or three previews a frame filled more of the screen but brought 5-19 long tasks (decision 032).
 */
export function useWindowRows(options: RowOptions & { cellsIn(index: number): number }) {
  const { cellsIn, ...virtualOptions } = options;
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  /** The rows in view the last commit showed in full (null when it left some cells out). */
  const rendered = useRef<VirtualItem[] | null>(null);
  const shown = useRef<ReadonlyMap<VirtualItem['key'], Shown>>(new Map());
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
  const scrolling = virtualizer.isScrolling ? (virtualizer.scrollDirection ?? 'forward') : null;
  const view = { top, bottom: top + (virtualizer.scrollRect?.height ?? 0), scrolling };
  const rows = withNewCells(inView, shown.current, cellsIn, view);
  useLayoutEffect(() => {
    shown.current = new Map(rows.map(({ row, cells, full }) => [row.key, { cells, full }]));
    const left = workLeft(inView, rows, cellsIn);
    rendered.current = left === 'none' ? inView : null;
    pending.current = false;
    // Previews during a scroll wait for it to stop: the virtualizer then reports the change (onChange).
    if (left === 'none' || (left === 'previews' && virtualizer.isScrolling)) return;
    // The next render once this frame has started: the browser draws these cells first, not several commits at once.
    if (typeof requestAnimationFrame === 'undefined') setTimeout(() => renderIfMoved(virtualizer), 16);
    else requestAnimationFrame(() => renderIfMoved(virtualizer));
  });
  useLayoutEffect(() => virtualizer._didMount(), [virtualizer]);
  useLayoutEffect(() => virtualizer._willUpdate());
  return { virtualizer, rows, totalSize: virtualizer.getTotalSize() };
}

/** The viewport, and the way it is scrolling (null once the scroll has stopped). */
export interface ViewState {
  top: number;
  bottom: number;
  scrolling?: 'forward' | 'backward' | null;
}

/**
 * The rows in view with the cells already shown, plus `budget` steps (one in the app), each a new cell (a preview)
 * in the incomplete row nearest the viewport (while scrolling, the rows ahead before those left behind), or, once no
 * row is incomplete and the scroll has stopped, a preview made whole in the row nearest the viewport that has one. On the
 * first render, every row on screen whole (the overscan follows). Only then: doing so whenever no shown row was on
 * screen (a jump) made a fast scroll that had outrun its rows commit four or five rows at once.
 */
export function withNewCells(
  inView: readonly VirtualItem[],
  shown: ReadonlyMap<VirtualItem['key'], Shown>,
  cellsIn: (index: number) => number,
  { top, bottom, scrolling = null }: ViewState,
  budget = 1,
): ShownRow[] {
  const distance = (row: VirtualItem) => Math.max(0, top - row.end, row.start - bottom);
  if (shown.size === 0) {
    return inView.filter((row) => distance(row) === 0).map((row) => ({ row, cells: cellsIn(row.index), full: cellsIn(row.index) }));
  }
  const behind = (row: VirtualItem) => (scrolling === 'forward' ? row.end < top : scrolling === 'backward' ? row.start > bottom : false);
  const priority = (row: VirtualItem) => (behind(row) ? Number.MAX_SAFE_INTEGER / 2 : 0) + distance(row);
  const state = new Map(
    inView.map((row) => {
      const cells = Math.min(shown.get(row.key)?.cells ?? 0, cellsIn(row.index));
      return [row.key, { cells, full: Math.min(shown.get(row.key)?.full ?? 0, cells) }];
    }),
  );
  const of = (row: VirtualItem) => state.get(row.key)!;
  const byPriority = [...inView].sort((a, b) => priority(a) - priority(b));
  for (let step = 0; step < budget; step += 1) {
    const missing = byPriority.find((row) => of(row).cells < cellsIn(row.index));
    if (missing) {
      of(missing).cells += 1;
      continue;
    }
    // a whole card waits for the scroll to stop
    const preview = scrolling ? undefined : byPriority.find((row) => of(row).full < of(row).cells);
    if (!preview) break;
    of(preview).full += 1;
  }
  return inView.flatMap((row) => (of(row).cells > 0 ? [{ row, ...of(row) }] : []));
}

/** What is left to do for these rows: cells to add, previews to make whole (once the scroll stops), or nothing. */
export function workLeft(inView: readonly VirtualItem[], rows: readonly ShownRow[], cellsIn: (index: number) => number) {
  if (rows.length < inView.length || rows.some(({ row, cells }) => cells < cellsIn(row.index))) return 'cells';
  return rows.some(({ cells, full }) => full < cells) ? 'previews' : 'none';
}
