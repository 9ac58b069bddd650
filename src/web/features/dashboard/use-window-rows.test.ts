import { describe, expect, it } from 'vitest';
import type { VirtualItem } from '@tanstack/react-virtual';
import {
  BUILD_HEADROOM,
  keepsUp,
  MAX_NEW_CELLS,
  nextBudget,
  nextScrollSample,
  withNewCells,
  type ScrollSample,
  type ShownRow,
} from './use-window-rows';

/** Rows of 200 px from index `from`, keyed by index. */
const rowsFrom = (from: number, count: number): VirtualItem[] =>
  Array.from({ length: count }, (_, i) => {
    const index = from + i;
    return { key: index, index, start: index * 200, end: index * 200 + 200, size: 200, lane: 0 };
  });
const full = () => 3;
const shownOf = (rows: ShownRow[]) => new Map(rows.map(({ row, cells }) => [row.key, cells]));
const summary = (rows: ShownRow[]) => rows.map(({ row, cells }) => `${row.index}:${cells}`).join(' ');

describe('withNewCells (the virtual grid adds a few cards a render)', () => {
  it('shows every row on screen in full on the first render, and none of the overscan', () => {
    const rows = withNewCells(rowsFrom(0, 6), new Map(), full, { top: 0, bottom: 500 });
    expect(summary(rows)).toBe('0:3 1:3 2:3');
  });

  it('then adds one card a render to the incomplete row nearest the screen, until every row is full', () => {
    const inView = rowsFrom(0, 6);
    const viewport = { top: 0, bottom: 500 };
    let rows = withNewCells(inView, new Map(), full, viewport);
    const seen: string[] = [];
    for (let render = 0; render < 9; render += 1) {
      rows = withNewCells(inView, shownOf(rows), full, viewport);
      seen.push(summary(rows));
    }
    expect(seen[0]).toBe('0:3 1:3 2:3 3:1');
    expect(seen[2]).toBe('0:3 1:3 2:3 3:3');
    expect(seen[3]).toBe('0:3 1:3 2:3 3:3 4:1');
    expect(seen[8]).toBe('0:3 1:3 2:3 3:3 4:3 5:3');
    expect(summary(withNewCells(inView, shownOf(rows), full, viewport))).toBe(seen[8]);
  });

  it('scrolling down fills the row coming on screen before the overscan behind it', () => {
    const shown = new Map([
      [2, 3],
      [3, 3],
      [4, 3],
    ]);
    // The screen now shows rows 4-6; rows 7-8 and 0-1 are overscan.
    const rows = withNewCells(rowsFrom(0, 9), shown, full, { top: 850, bottom: 1350 });
    expect(summary(rows)).toBe('2:3 3:3 4:3 5:1');
  });

  it('a row that gained cards (the last row when a page loads) is completed one card at a time', () => {
    let cells = 1;
    const lastRowGrows = (index: number) => (index === 2 ? cells : 3);
    let rows = withNewCells(rowsFrom(0, 3), new Map(), lastRowGrows, { top: 0, bottom: 600 });
    expect(summary(rows)).toBe('0:3 1:3 2:1');
    cells = 3;
    rows = withNewCells(rowsFrom(0, 3), shownOf(rows), lastRowGrows, { top: 0, bottom: 600 });
    expect(summary(rows)).toBe('0:3 1:3 2:2');
    rows = withNewCells(rowsFrom(0, 3), shownOf(rows), lastRowGrows, { top: 0, bottom: 600 });
    expect(summary(rows)).toBe('0:3 1:3 2:3');
  });

  it('never shows more cards than a row holds (the list shrank)', () => {
    const rows = withNewCells(
      rowsFrom(0, 2),
      new Map([
        [0, 3],
        [1, 3],
      ]),
      (index) => (index === 1 ? 1 : 3),
      { top: 0, bottom: 400 },
    );
    expect(summary(rows)).toBe('0:3 1:1');
  });

  it('adds up to the budget of cards a render, nearest rows first', () => {
    const inView = rowsFrom(0, 6);
    const first = withNewCells(inView, new Map(), full, { top: 0, bottom: 500 });
    expect(summary(withNewCells(inView, shownOf(first), full, { top: 0, bottom: 500 }, 4))).toBe('0:3 1:3 2:3 3:3 4:1');
    expect(summary(withNewCells(inView, shownOf(first), full, { top: 0, bottom: 500 }, 100))).toBe('0:3 1:3 2:3 3:3 4:3 5:3');
  });
});

describe('nextBudget (how many cards the next render adds)', () => {
  it('doubles while a cycle fits a frame, up to the maximum, and halves down to one when it does not', () => {
    expect(nextBudget(1, 10)).toBe(2);
    expect(nextBudget(8, 12)).toBe(MAX_NEW_CELLS);
    expect(nextBudget(2, 16)).toBe(1);
    expect(nextBudget(MAX_NEW_CELLS, 5)).toBe(MAX_NEW_CELLS);
    expect(nextBudget(4, 35)).toBe(2);
    expect(nextBudget(1, 60)).toBe(1);
  });
});

describe('building only while it keeps up with the scroll', () => {
  it('adds no card with a budget of 0, keeping the cards shown in the rows still in view', () => {
    const shown = new Map([
      [0, 3],
      [1, 2],
    ]);
    // Row 0 has left the view; row 1 is still in it, incomplete.
    const rows = withNewCells(rowsFrom(1, 5), shown, full, { top: 250, bottom: 750 }, 0);
    expect(summary(rows)).toBe('1:2');
  });

  it('after a fling that left no card in view, the next render is not a first one: one card, not whole rows', () => {
    const inView = rowsFrom(40, 6);
    const viewport = { top: 8000, bottom: 8500 };
    expect(summary(withNewCells(inView, new Map(), full, viewport, 1, false))).toBe('40:1');
    expect(summary(withNewCells(inView, new Map(), full, viewport, 1, true))).toBe('40:3 41:3 42:3');
  });

  it("reads the scroll's speed from the last two intervals: a frame without a scroll event is no stop, a jump reads as still two frames later", () => {
    let sample: ScrollSample = { at: 0, offset: 0, pxPerSecond: 0, lastPxPerSecond: 0 };
    sample = nextScrollSample(sample, 50, 1000);
    sample = nextScrollSample(sample, 100, 1016);
    expect(sample.pxPerSecond).toBeCloseTo(3125);
    // A frame callback just after the scroll event of the same frame is not compared with it.
    expect(nextScrollSample(sample, 100, 1020)).toBe(sample);
    // A frame whose scroll event comes late: still as fast.
    sample = nextScrollSample(sample, 100, 1033);
    expect(sample.pxPerSecond).toBeCloseTo(3125);
    sample = nextScrollSample(sample, 50_000, 1050);
    expect(sample.pxPerSecond).toBeGreaterThan(1_000_000);
    sample = nextScrollSample(sample, 50_000, 1066);
    expect(sample.pxPerSecond).toBeGreaterThan(1_000_000);
    sample = nextScrollSample(sample, 50_000, 1083);
    expect(sample.pxPerSecond).toBe(0);
  });

  it('builds while the cards the scroll brings, with half again to spare, are no more than the device builds', () => {
    // Rows of 223 px, three cards each; 30 cards a second is one a frame under 4x CPU throttling.
    const at = (pxPerSecond: number, rowPx = 223, cellsPerRow = 3) => ({ pxPerSecond, rowPx, cellsPerRow });
    expect(keepsUp(at(0), 30)).toBe(true);
    expect(keepsUp(at(1000), 30)).toBe(true);
    expect(keepsUp(at(3000), 30)).toBe(false);
    expect(keepsUp(at(1000 * BUILD_HEADROOM), 30)).toBe(false);
    // A phone's single column brings a third as many cards: a 3,000 px/s scroll is built there.
    expect(keepsUp(at(3000, 223, 1), 30)).toBe(true);
    // A desktop building 12 cards a frame keeps up with any fling.
    expect(keepsUp(at(20_000), 12 * 60)).toBe(true);
    expect(keepsUp(at(5000, 0), 30)).toBe(true);
  });
});
