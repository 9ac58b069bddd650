import { startTransition, useLayoutEffect, useReducer, useRef } from 'react';
import {
  asksForRender,
  keepsUp,
  nextBudget,
  nextResting,
  nextScrollTrack,
  noRest,
  paceOf,
  stillScroll,
  withPace,
  type Pace,
  type ScrollTrack,
} from './build-pacing';
import { useWindowVirtualizer, type Virtualizer, type VirtualItem, type VirtualizerOptions } from '@tanstack/react-virtual';

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
 * TanStack Virtual's `useWindowVirtualizer` (public options only: `useFlushSync: false`, `onChange`), with the
 * cells it shows paced: newly shown cells are added by renders asked for as transitions, a few at a time, so React
 * builds them between frames instead of in one long task. With flushSync (the hook's default) a row's ref reporting
 * its size during a commit re-rendered synchronously, which under CPU throttling made every new row a long task; the
 * plain hook, measured against this pacing, gave several times the long tasks on a desktop screen
 * (decision record 031). The hook's own renders, when the rows in view change, add no cell.
 *
 * One render at a time, each adding a few new cells (in the missing rows nearest the viewport): a render reads the
 * rows in view when it runs, so a scroll while it is under way asks for nothing, and its commit asks for the next
 * once the browser has started drawing them. How many a render adds adapts to the device: one at first, doubled
 * while the frames that draw them start under 12 ms apart (a display faster than 60 Hz, with time to spare), halved
 * when further apart. At 60 Hz that is one card a frame: under 4x CPU throttling a row of three at once was a frame
 * of 55-65 ms, a long task each time (a transition per scroll event restarted the render under way at every frame,
 * and a fast scroll committed many rows together).
 *
 * While the scroll brings cards faster than the device builds them with room to spare (`keepsUp`), no new card is
 * built: those built passed before most of the screen filled (three quarters of it stayed empty at 3,000 px/s), and
 * building them held such a scroll to about 35 frames/s under 4x throttling. The cards on screen are built as soon
 * as the scroll slows (decision record 031, step 033). Where drawing a card overruns a frame, the next render waits a frame or
 * two after the commit (`nextResting`), so no frame both draws a card and builds the next (decision record 031, step 034).
 * The pacing rules are pure functions in `build-pacing.ts`.
 */
export function useWindowRows(options: RowOptions & { cellsIn(index: number): number }) {
  const { cellsIn, ...virtualOptions } = options;
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  /** The rows in view the last commit showed in full (null when it left some cells out). */
  const rendered = useRef<VirtualItem[] | null>(null);
  const shown = useRef<ReadonlyMap<VirtualItem['key'], number>>(new Map());
  const pending = useRef(false);
  // Only a render this hook asked for adds cells (once): the virtualizer's own, when the rows in view change, adds
  // none, or a fast scroll would build a card at each row it crosses.
  const asked = useRef(false);
  /** A frame callback waits to ask for the next render. */
  const waiting = useRef(false);
  /** New cells a render may add. */
  const budget = useRef(1);
  /** Cells a second of the last build cycles (the device's pace is their median). */
  const paces = useRef<Pace[]>([]);
  /** Frames after a commit before the next render is asked for. */
  const resting = useRef(noRest);
  const scroll = useRef<ScrollTrack>(stillScroll);
  /** Follows the scroll: called when the rows in view change and in every frame that waits for it to slow. */
  const sampleScroll = (instance: Virtualizer<Window, HTMLDivElement>) =>
    (scroll.current = nextScrollTrack(scroll.current, instance.scrollOffset ?? 0, performance.now()));
  const building = () =>
    keepsUp(
      { pxPerSecond: scroll.current.pxPerSecond, rowPx: virtualizer.options.estimateSize(0), cellsPerRow: cellsIn(0) },
      paceOf(paces.current, performance.now()),
    );
  /** Asks for a render that may add cells, when the rows in view changed and none is under way; whether it asked. */
  const renderIfMoved = (instance: Virtualizer<Window, HTMLDivElement>) => {
    sampleScroll(instance);
    if (pending.current || instance.getVirtualItems() === rendered.current) return false;
    pending.current = true;
    asked.current = true;
    startTransition(rerender);
    return true;
  };
  // TanStack's hook also re-renders (without flushSync) when the rows in view change; those renders add no cell.
  const virtualizer = useWindowVirtualizer({ ...virtualOptions, useFlushSync: false, onChange: renderIfMoved });
  const inView = virtualizer.getVirtualItems();
  const top = virtualizer.scrollOffset ?? 0;
  const viewport = { top, bottom: top + (virtualizer.scrollRect?.height ?? 0) };
  const firstRender = useRef(true);
  const adding = asked.current;
  const rows = withNewCells(
    inView,
    shown.current,
    cellsIn,
    viewport,
    adding && building() ? budget.current : 0,
    firstRender.current,
    scroll.current.pxPerSecond > 0 ? virtualizer.scrollDirection : null,
  );
  useLayoutEffect(() => {
    firstRender.current = false;
    if (adding) asked.current = false;
    const added = addsCells(rows, shown.current);
    shown.current = new Map(rows.map(({ row, cells }) => [row.key, cells]));
    // The new cards' style and layout now, in this task (React's), not at the start of the next frame: there the
    // scroll listener's read of the offset forced them, in the same task as the frame's paint, and a frame that drew
    // a card overran 50 ms (decision record 031, step 037).
    if (added) void document.documentElement.offsetHeight;
    const complete = rows.length === inView.length && rows.every(({ row, cells }) => cells >= cellsIn(row.index));
    rendered.current = complete ? inView : null;
    pending.current = false;
    if (complete || waiting.current) return;
    // The next render once this frame has started (the browser draws these cells first, not several commits at
    // once) and the scroll is slow enough to build at all; the frame after tells how long drawing them and building
    // the next took. One such wait at a time: a fast scroll commits rows leaving the screen at every frame.
    waiting.current = true;
    const frame =
      typeof requestAnimationFrame === 'undefined'
        ? (next: (at: number) => void) => setTimeout(() => next(performance.now()), 16)
        : requestAnimationFrame;
    const whenSlow = (framesSinceCommit: number, previousAt: number | null): unknown =>
      frame((at) => {
        sampleScroll(virtualizer);
        const sinceLastFrameMs = previousAt === null ? null : at - previousAt;
        if (!building() || !asksForRender(resting.current, framesSinceCommit, sinceLastFrameMs)) {
          return whenSlow(framesSinceCommit + 1, at);
        }
        waiting.current = false;
        const cells = budget.current;
        // A cycle that built nothing tells nothing of the device's pace.
        if (!renderIfMoved(virtualizer)) return;
        // Frame to frame, by their start times: measured from within a frame, a late callback made a cycle look
        // shorter than a frame (the budget doubled under 4x throttling, and the pace read 264 cards a second).
        frame((next) => {
          budget.current = nextBudget(cells, next - at);
          resting.current = nextResting(resting.current, next - at);
          paces.current = withPace(paces.current, cells, next - at, next);
        });
      });
    whenSlow(0, null);
  });
  return { virtualizer, rows, totalSize: virtualizer.getTotalSize() };
}

/** Whether these rows show a cell the last commit did not. */
export function addsCells(rows: readonly ShownRow[], shown: ReadonlyMap<VirtualItem['key'], number>): boolean {
  return rows.some(({ row, cells }) => cells > (shown.get(row.key) ?? 0));
}

/**
 * The rows in view with the cells already shown, plus up to `budget` more, each in the incomplete row nearest the
 * viewport; on the first render, every row on screen in full (the overscan follows). Only then: doing so whenever
 * no shown row was on screen (a jump) made a fast scroll that had outrun its rows commit four or five rows at once.
 * A budget of 0 keeps the cells shown (in the rows still in view) and adds none.
 */
export function withNewCells(
  inView: readonly VirtualItem[],
  shown: ReadonlyMap<VirtualItem['key'], number>,
  cellsIn: (index: number) => number,
  { top, bottom }: { top: number; bottom: number },
  budget = 1,
  first = shown.size === 0,
  direction: 'forward' | 'backward' | null = null,
): ShownRow[] {
  const distance = (row: VirtualItem) => Math.max(0, top - row.end, row.start - bottom);
  if (first) {
    return inView.filter((row) => distance(row) === 0).map((row) => ({ row, cells: cellsIn(row.index) }));
  }
  const cells = new Map(inView.map((row) => [row.key, Math.min(shown.get(row.key) ?? 0, cellsIn(row.index))]));
  // While the page moves, the row that stays in view longest comes first: the one coming in ahead of the scroll.
  // Rows leaving the screen are built last (a card built there is gone a moment later).
  const staysFor = (row: VirtualItem) => (direction === 'forward' ? row.end - top : bottom - row.start);
  const byDistance = [...inView].sort(direction ? (a, b) => staysFor(b) - staysFor(a) : (a, b) => distance(a) - distance(b));
  for (let added = 0; added < budget; added += 1) {
    const next = byDistance.find((row) => (cells.get(row.key) ?? 0) < cellsIn(row.index));
    if (!next) break;
    cells.set(next.key, (cells.get(next.key) ?? 0) + 1);
  }
  return inView.flatMap((row) => {
    const count = cells.get(row.key) ?? 0;
    return count > 0 ? [{ row, cells: count }] : [];
  });
}
