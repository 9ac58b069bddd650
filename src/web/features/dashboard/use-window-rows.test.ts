import { describe, expect, it } from 'vitest';
import type { VirtualItem } from '@tanstack/react-virtual';
import { withNewCells, workLeft, type ShownRow } from './use-window-rows';

/** Rows of 200 px from index `from`, keyed by index. */
const rowsFrom = (from: number, count: number): VirtualItem[] =>
  Array.from({ length: count }, (_, i) => {
    const index = from + i;
    return { key: index, index, start: index * 200, end: index * 200 + 200, size: 200, lane: 0 };
  });
const full = () => 3;
const shownOf = (rows: ShownRow[]) => new Map(rows.map(({ row, cells, full }) => [row.key, { cells, full }]));
const shownFull = (entries: [number, number][]) => new Map(entries.map(([key, cells]) => [key, { cells, full: cells }]));
/** Each row as index:cells, and how many of them are full when not all. */
const summary = (rows: ShownRow[]) =>
  rows.map(({ row, cells, full }) => `${row.index}:${cells}${full < cells ? `(${full} full)` : ''}`).join(' ');
const cellsOnly = (rows: ShownRow[]) => summary(rows).replace(/\(\d full\)/g, '');

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
      rows = withNewCells(inView, shownOf(rows), full, viewport, 1);
      seen.push(summary(rows));
    }
    expect(seen[0]).toBe('0:3 1:3 2:3 3:1(0 full)');
    expect(seen[2]).toBe('0:3 1:3 2:3 3:3(0 full)');
    expect(seen[3]).toBe('0:3 1:3 2:3 3:3(0 full) 4:1(0 full)');
    expect(seen[8]).toBe('0:3 1:3 2:3 3:3(0 full) 4:3(0 full) 5:3(0 full)');
    expect(cellsOnly(withNewCells(inView, shownOf(rows), full, viewport, 1))).toBe(cellsOnly(rows));
  });

  it('scrolling down fills the row coming on screen before the overscan behind it', () => {
    const shown = shownFull([
      [2, 3],
      [3, 3],
      [4, 3],
    ]);
    // The screen now shows rows 4-6; rows 7-8 and 0-1 are overscan.
    const rows = withNewCells(rowsFrom(0, 9), shown, full, { top: 850, bottom: 1350 }, 1);
    expect(summary(rows)).toBe('2:3 3:3 4:3 5:1(0 full)');
  });

  it('a row that gained cards (the last row when a page loads) is completed one card at a time', () => {
    let cells = 1;
    const lastRowGrows = (index: number) => (index === 2 ? cells : 3);
    let rows = withNewCells(rowsFrom(0, 3), new Map(), lastRowGrows, { top: 0, bottom: 600 });
    expect(summary(rows)).toBe('0:3 1:3 2:1');
    cells = 3;
    rows = withNewCells(rowsFrom(0, 3), shownOf(rows), lastRowGrows, { top: 0, bottom: 600 }, 1);
    expect(summary(rows)).toBe('0:3 1:3 2:2(1 full)');
    rows = withNewCells(rowsFrom(0, 3), shownOf(rows), lastRowGrows, { top: 0, bottom: 600 }, 1);
    expect(summary(rows)).toBe('0:3 1:3 2:3(1 full)');
  });

  it('never shows more cards than a row holds (the list shrank)', () => {
    const rows = withNewCells(
      rowsFrom(0, 2),
      shownFull([
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
    expect(summary(withNewCells(inView, shownOf(first), full, { top: 0, bottom: 500 }, 4))).toBe('0:3 1:3 2:3 3:3(0 full) 4:1(0 full)');
    expect(summary(withNewCells(inView, shownOf(first), full, { top: 0, bottom: 500 }, 9))).toBe(
      '0:3 1:3 2:3 3:3(0 full) 4:3(0 full) 5:3(0 full)',
    );
  });

  it('makes previews whole only once no cell is missing, on screen first, one a render, then stays as it is', () => {
    // Rows 2-4 are on screen; row 3 and the overscan rows 0 and 5 hold previews only.
    const shown = new Map([
      [0, { cells: 3, full: 0 }],
      [1, { cells: 3, full: 3 }],
      [2, { cells: 3, full: 3 }],
      [3, { cells: 3, full: 0 }],
      [4, { cells: 3, full: 3 }],
      [5, { cells: 2, full: 0 }],
    ]);
    const viewport = { top: 450, bottom: 950 };
    // the cell missing in overscan row 5 comes first
    let rows = withNewCells(rowsFrom(0, 6), shown, full, viewport);
    expect(summary(rows)).toBe('0:3(0 full) 1:3 2:3 3:3(0 full) 4:3 5:3(0 full)');
    const seen: string[] = [];
    for (let render = 0; render < 9; render += 1) {
      rows = withNewCells(rowsFrom(0, 6), shownOf(rows), full, viewport);
      seen.push(summary(rows));
    }
    expect(seen[0]).toBe('0:3(0 full) 1:3 2:3 3:3(1 full) 4:3 5:3(0 full)');
    expect(seen[2]).toBe('0:3(0 full) 1:3 2:3 3:3 4:3 5:3(0 full)');
    expect(seen[8]).toBe('0:3 1:3 2:3 3:3 4:3 5:3');
    expect(withNewCells(rowsFrom(0, 6), shownOf(rows), full, viewport)).toEqual(rows);
  });

  it('while scrolling, fills the rows ahead before those behind and leaves previews as they are', () => {
    // Rows 2-3 are on screen; row 1 (behind) and row 4 (ahead) are overscan at the same distance.
    const shown = new Map([
      [1, { cells: 0, full: 0 }],
      [2, { cells: 3, full: 0 }],
      [3, { cells: 3, full: 3 }],
    ]);
    const inView = rowsFrom(1, 4);
    const down = withNewCells(inView, shown, full, { top: 450, bottom: 750, scrolling: 'forward' }, 3);
    expect(summary(down)).toBe('2:3(0 full) 3:3 4:3(0 full)');
    const up = withNewCells(inView, shown, full, { top: 450, bottom: 750, scrolling: 'backward' }, 3);
    expect(summary(up)).toBe('1:3(0 full) 2:3(0 full) 3:3');
    const done = withNewCells(inView, shownOf(down), full, { top: 450, bottom: 750, scrolling: 'forward' }, 3);
    expect(summary(done)).toBe('1:3(0 full) 2:3(0 full) 3:3 4:3(0 full)');
    expect(workLeft(inView, done, full)).toBe('previews');
    // once the scroll stops, a render makes one preview whole, nearest the screen first
    expect(summary(withNewCells(inView, shownOf(done), full, { top: 450, bottom: 750 }))).toBe('1:3(0 full) 2:3(1 full) 3:3 4:3(0 full)');
    expect(workLeft(inView, withNewCells(inView, shownOf(done), full, { top: 450, bottom: 750 }, 9), full)).toBe('none');
  });
});
