import { describe, expect, it } from 'vitest';
import type { VirtualItem } from '@tanstack/react-virtual';
import { addsCells, withNewCells, type ShownRow } from './use-window-rows';

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

  it('while the page moves down, the rows coming into view are built before those about to leave it', () => {
    // Rows 4-7 are on screen (the page moving down), 8 is the overscan ahead and 3 the one behind; none built yet.
    const inView = rowsFrom(3, 6);
    const viewport = { top: 850, bottom: 1550 };
    const order: string[] = [];
    let rows = withNewCells(inView, new Map(), full, viewport, 3, false, 'forward');
    order.push(summary(rows));
    rows = withNewCells(inView, shownOf(rows), full, viewport, 3, false, 'forward');
    order.push(summary(rows));
    expect(order).toEqual(['8:3', '7:3 8:3']);
    // Moving up, the other way round: the row coming in at the top first.
    expect(summary(withNewCells(inView, new Map(), full, viewport, 3, false, 'backward'))).toBe('3:3');
    // At rest, the screen in reading order.
    expect(summary(withNewCells(inView, new Map(), full, viewport, 3, false, null))).toBe('4:3');
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
});

describe('addsCells (a commit that adds cards lays them out in its own task)', () => {
  it('is true for a new card or a new row, false for the same cards or fewer (rows leaving the view)', () => {
    const inView = rowsFrom(0, 3);
    const before = withNewCells(inView, new Map(), full, { top: 0, bottom: 300 });
    expect(addsCells(before, new Map())).toBe(true);
    expect(addsCells(before, shownOf(before))).toBe(false);
    const next = withNewCells(inView, shownOf(before), full, { top: 0, bottom: 300 });
    expect(addsCells(next, shownOf(before))).toBe(true);
    const scrolledOn = withNewCells(rowsFrom(1, 2), shownOf(next), full, { top: 200, bottom: 500 }, 0);
    expect(addsCells(scrolledOn, shownOf(next))).toBe(false);
  });
});
