import { describe, expect, it } from 'vitest';
import {
  asksForRender,
  BUILD_HEADROOM,
  keepsUp,
  MAX_NEW_CELLS,
  MAX_REST_FRAMES,
  nextBudget,
  nextResting,
  nextScrollTrack,
  noRest,
  PACE_MEMORY_MS,
  paceOf,
  stillScroll,
  withPace,
  type Pace,
  type Resting,
  type ScrollTrack,
} from './build-pacing';

/** The track after the scroll was at these offsets at these times. */
const track = (moves: Array<[at: number, offset: number]>, from: ScrollTrack = stillScroll) =>
  moves.reduce((sample, [at, offset]) => nextScrollTrack(sample, offset, at), from);

describe('nextScrollTrack (how fast the scroll moves)', () => {
  it('reads a steady 1,000 px/s scroll as about 1,000 px/s, however unevenly its frames come', () => {
    // Frames of 17, 50, 17, 33 and 17 ms, moving 1 px a millisecond, with a frame callback 2 ms after a scroll event.
    const times = [0, 17, 67, 69, 84, 117, 134];
    const sample = track(times.map((at) => [1000 + at, at]));
    expect(sample.pxPerSecond).toBeGreaterThan(900);
    expect(sample.pxPerSecond).toBeLessThan(1100);
  });

  it('is not thrown by a late scroll event: the old two-interval reading saw up to 3,500 px/s in a 1,000 px/s scroll', () => {
    let sample = track([
      [1000, 0],
      [1017, 17],
      [1033, 33],
      [1050, 50],
    ]);
    // A frame callback 8 ms after the scroll event, then the next frame's scroll event 9 ms later.
    sample = nextScrollTrack(sample, 50, 1058);
    sample = nextScrollTrack(sample, 67, 1067);
    expect(sample.pxPerSecond).toBeGreaterThan(900);
    expect(sample.pxPerSecond).toBeLessThan(1100);
  });

  it('reads a fling as one from its first frames, not averaged with the stop before it', () => {
    let sample = track([
      [1000, 0],
      [1017, 0],
      [1034, 0],
    ]);
    expect(sample.pxPerSecond).toBe(0);
    sample = nextScrollTrack(sample, 133, 1051);
    expect(sample.pxPerSecond).toBeCloseTo(7824, -2);
    sample = nextScrollTrack(sample, 266, 1068);
    expect(sample.pxPerSecond).toBeCloseTo(7824, -2);
  });

  it('reads a jump as fast, then as still three frames after it, so the screen it lands on is built', () => {
    let sample = track([
      [1000, 0],
      [1017, 0],
      [1034, 50_000],
    ]);
    expect(sample.pxPerSecond).toBeGreaterThan(100_000);
    sample = nextScrollTrack(sample, 50_000, 1051);
    expect(sample.pxPerSecond).toBeGreaterThan(100_000);
    sample = nextScrollTrack(sample, 50_000, 1090);
    expect(sample.pxPerSecond).toBe(0);
  });

  it('reads a move after no position for longer than its window as unknown, then from the next position', () => {
    // A stalled page, or a fling after a pause in which nothing sampled the scroll: when the move began is unknown.
    let sample = track([
      [1000, 0],
      [1030, 30],
      [1230, 430],
    ]);
    expect(sample.pxPerSecond).toBe(Number.POSITIVE_INFINITY);
    sample = nextScrollTrack(sample, 463, 1247);
    expect(sample.pxPerSecond).toBeCloseTo(1941, -1);
  });

  it('reads a fling on a device whose frames come a window apart as a fling, in the frame callback after the move', () => {
    // 6,000 px/s seen by a scroll event every 110 ms, each followed 16 ms later by its frame callback at the same place.
    let sample = track([
      [1000, 0],
      [1016, 0],
    ]);
    for (let frame = 1; frame <= 3; frame += 1) {
      sample = nextScrollTrack(sample, 660 * frame, 1000 + 110 * frame);
      sample = nextScrollTrack(sample, 660 * frame, 1016 + 110 * frame);
      expect(sample.pxPerSecond).toBeGreaterThan(4_000);
    }
  });

  it('does not read the first frame of a fling after a long pause as a crawl (it built a card)', () => {
    const paused = track([[1000, 0]]);
    // 133 px in the first 17 ms frame, 2 s after the last position seen: not 66 px/s.
    let sample = nextScrollTrack(paused, 133, 3017);
    expect(keepsUp({ pxPerSecond: sample.pxPerSecond, rowPx: 223, cellsPerRow: 3 }, 60)).toBe(false);
    sample = nextScrollTrack(sample, 266, 3034);
    expect(sample.pxPerSecond).toBeCloseTo(7824, -2);
  });

  it('does not read a move out of a stop, seen in the same frame as the last still position, as still', () => {
    // A frame callback saw the page still at 1,000 ms; the fling's first scroll event comes within that frame.
    const still = track([
      [900, 0],
      [1000, 0],
    ]);
    let sample = nextScrollTrack(still, 140, 1000);
    expect(keepsUp({ pxPerSecond: sample.pxPerSecond, rowPx: 250, cellsPerRow: 3 }, 60)).toBe(false);
    sample = nextScrollTrack(sample, 280, 1016);
    expect(sample.pxPerSecond).toBeGreaterThan(8_000);
  });
});

describe('keepsUp (building only while it keeps up with the scroll)', () => {
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

describe("the device's pace (cards it builds a second)", () => {
  const paces = (...cycles: Array<[cells: number, cycleMs: number, at: number]>) =>
    cycles.reduce<Pace[]>((all, [cells, cycleMs, at]) => withPace(all, cells, cycleMs, at), []);

  it('is one card a 60 Hz frame before any cycle is measured', () => {
    expect(paceOf([], 0)).toBe(60);
  });

  it('is the median of the last five cycles: one slow cycle (a page loading) does not stop building', () => {
    const measured = paces([1, 33, 100], [1, 33, 140], [1, 100, 250], [1, 33, 290], [1, 17, 310]);
    expect(paceOf(measured, 310)).toBeCloseTo(1000 / 33);
    // Only the last five count.
    expect(paceOf(withPace(measured, 1, 17, 330), 330)).toBeCloseTo(1000 / 33);
    expect(withPace(measured, 1, 17, 330)).toHaveLength(5);
  });

  it('forgets cycles older than 3 s: a pace read low cannot keep a reading-speed scroll empty for good', () => {
    const slow = paces([1, 100, 1000], [1, 100, 1100], [1, 100, 1200]);
    expect(paceOf(slow, 1200)).toBe(10);
    expect(paceOf(slow, 1000 + PACE_MEMORY_MS + 150)).toBe(10);
    expect(paceOf(slow, 1200 + PACE_MEMORY_MS + 1)).toBe(60);
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

describe('resting frames (which frame asks for the next render)', () => {
  const after = (cycles: number[], from: Resting = noRest) => cycles.reduce(nextResting, from);

  it('asks in the frame right after a commit while cycles are in time (a fast device rests no frame)', () => {
    const resting = after([17, 16, 17, 17]);
    expect(resting.frames).toBe(0);
    expect(asksForRender(resting, 0, null)).toBe(true);
  });

  it('rests a frame more after a cycle that overran, up to two', () => {
    expect(after([33]).frames).toBe(1);
    expect(after([33, 50]).frames).toBe(MAX_REST_FRAMES);
    expect(after([33, 50, 50, 50]).frames).toBe(MAX_REST_FRAMES);
    const resting = after([33]);
    // The frame that draws the new card does not ask; the next, in time, does.
    expect(asksForRender(resting, 0, null)).toBe(false);
    expect(asksForRender(resting, 1, 17)).toBe(true);
  });

  it('takes a resting frame back only after eight cycles in time in a row', () => {
    const rested = after([33, 50]);
    expect(after([17, 17, 17, 17, 17, 17, 17], rested).frames).toBe(2);
    expect(after([17, 17, 17, 17, 17, 17, 17, 17], rested).frames).toBe(1);
    expect(after([17, 17, 17, 17, 17, 17, 17, 33, 17], rested).frames).toBe(2);
  });

  it('does not ask right after a frame that overran, unless the most frames have rested already', () => {
    expect(asksForRender(noRest, 1, 45)).toBe(false);
    expect(asksForRender(noRest, 1, 17)).toBe(true);
    expect(asksForRender(noRest, MAX_REST_FRAMES, 45)).toBe(true);
  });
});
