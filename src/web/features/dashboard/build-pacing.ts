/**
 * How fast the virtual grid builds cards: the scroll's speed, the device's pace, how many cards a render adds and in
 * which frames a render is asked for. Pure functions, used by `useWindowRows` (decision record 031, steps 032-034).
 */

/** The scroll's recent positions and how fast it moves. */
export interface ScrollTrack {
  /** Positions within the last `SPEED_WINDOW_MS`, oldest first (or the last one, when older). */
  samples: ReadonlyArray<ScrollPosition>;
  /** When the offset last changed. */
  movedAt: number;
  /** Where the scroll was when it started moving after a stop. */
  start: ScrollPosition | null;
  /** Infinity while unknown: a move seen after no position for longer than the window (see `nextScrollTrack`). */
  pxPerSecond: number;
}
interface ScrollPosition {
  at: number;
  offset: number;
}

export const stillScroll: ScrollTrack = { samples: [], movedAt: Number.NEGATIVE_INFINITY, start: null, pxPerSecond: 0 };

/** The speed is the distance over about this long: one late frame or scroll event does not read as a burst. */
export const SPEED_WINDOW_MS = 100;
/** Positions closer together than this (a scroll event and a frame callback of one frame) tell no speed. */
const MIN_SPAN_MS = 8;
/** No move for this long (three 60 Hz frames) is a stop: a jump reads as still soon after, and its screen is built. */
export const STILL_AFTER_MS = 50;

/**
 * The scroll's speed over the last 100 ms (from the last position before them), or since it started moving when that
 * is more recent (a fling reads as one from its first frames); unknown (Infinity) for a move seen after no position
 * for longer than that. Positions are taken by one clock (`performance.now()`): a frame's timestamp is earlier than
 * the scroll events of its own frame, by up to a stall's length, and positions out of order gave the speed from the
 * wrong pair. Read from its last two intervals (decision record 031, step 033), a steady 1,000 px/s scroll under 4x throttling read as
 * anything from 264 to 3,546 px/s, as frames and scroll events came late.
 */
export function nextScrollTrack(track: ScrollTrack, offset: number, at: number): ScrollTrack {
  const last = track.samples.at(-1);
  const moved = !last || offset !== last.offset;
  const movedAt = moved ? at : track.movedAt;
  const stopped = at - track.movedAt > STILL_AFTER_MS;
  // A move after a stop starts a new movement, from the last position seen (when seen within the window).
  const start = moved && (stopped || !track.start) ? (last && at - last.at <= SPEED_WINDOW_MS ? last : null) : track.start;
  // The window's positions and the last one before it: where frames come about a window apart (a slow device, a
  // loaded machine), the frame callback after a scroll event had only the position it had just seen, and read a
  // fling at 6,000 px/s as still.
  const firstRecent = track.samples.findIndex((sample) => at - sample.at <= SPEED_WINDOW_MS);
  const kept = firstRecent === -1 ? track.samples.slice(-1) : track.samples.slice(Math.max(0, firstRecent - 1));
  const samples = [...kept, { at, offset }];
  const next = { samples, movedAt, start };
  if (at - movedAt > STILL_AFTER_MS) return { ...next, start: null, pxPerSecond: 0 };
  // The last position seen is older than the window (no frame or event sampled the scroll while it stood still):
  // the move began at some time since. Read over that whole time, a fling's first frame after a pause read as a
  // crawl (about 100 px/s) and built a card; it is unknown, and building waits for the next position.
  if (moved && last && at - last.at > SPEED_WINDOW_MS) return { ...next, pxPerSecond: Number.POSITIVE_INFINITY };
  const oldest = samples[0] ?? { at, offset };
  const reference = start && start.at > oldest.at ? start : oldest;
  // Too close to the last position to tell a speed: the last reading stands, but a move out of a stop is unknown (read
  // as the stop's 0, a fling's first scroll event just after a frame built a card).
  if (at - reference.at < MIN_SPAN_MS) {
    return { ...next, pxPerSecond: moved && track.pxPerSecond === 0 ? Number.POSITIVE_INFINITY : track.pxPerSecond };
  }
  return { ...next, pxPerSecond: (Math.abs(offset - reference.offset) * 1000) / (at - reference.at) };
}

/**
 * Building pays only with room to spare: cards built at about the rate the scroll brings them still leave most of
 * the screen empty (73-78% at 3,000 px/s under 4x throttling) while taking every frame.
 */
export const BUILD_HEADROOM = 1.5;

/** Whether the device builds cards fast enough for this scroll (cells a second brought, against built, with headroom). */
export function keepsUp(
  { pxPerSecond, rowPx, cellsPerRow }: { pxPerSecond: number; rowPx: number; cellsPerRow: number },
  cellsBuiltPerSecond: number,
): boolean {
  if (rowPx <= 0) return true;
  return (pxPerSecond / rowPx) * cellsPerRow * BUILD_HEADROOM <= cellsBuiltPerSecond;
}

/** At most this many new cards a render, however fast the device. */
export const MAX_NEW_CELLS = 12;
/** A frame drawing new cards within this (with the next render) leaves room: the next render may add twice as many. */
const FAST_CYCLE_MS = 12;

/** The next render's number of new cells, from how long the last cycle took. */
export function nextBudget(budget: number, cycleMs: number): number {
  return cycleMs <= FAST_CYCLE_MS ? Math.min(MAX_NEW_CELLS, budget * 2) : Math.max(1, Math.floor(budget / 2));
}

/** The device's pace is the median of this many build cycles: one slow cycle (a page loading) does not stop building. */
const PACE_CYCLES = 5;
/**
 * Cycles older than this are forgotten: no card is built while the pace reads too slow for the scroll, so nothing
 * would correct a pace read low by a few slow cycles, and a reading-speed scroll would stay empty.
 */
export const PACE_MEMORY_MS = 3000;
/** Before any cycle is measured: one card a 60 Hz frame. */
const FIRST_PACE = 60;

/** A build cycle's pace: cells a second, from the frame that asked for a render to the next frame's start. */
export interface Pace {
  at: number;
  cellsPerSecond: number;
}

/** The last cycles' paces with a new one, measured at `at`. */
export function withPace(paces: readonly Pace[], cells: number, cycleMs: number, at: number): Pace[] {
  return [...paces, { at, cellsPerSecond: (cells * 1000) / Math.max(cycleMs, 1) }].slice(-PACE_CYCLES);
}

/** Cells this device builds a second: the median of the last cycles of the last 3 s. */
export function paceOf(paces: readonly Pace[], now: number): number {
  const sorted = paces
    .filter((pace) => now - pace.at <= PACE_MEMORY_MS)
    .map((pace) => pace.cellsPerSecond)
    .sort((a, b) => a - b);
  const middle = (index: number) => sorted[index] ?? FIRST_PACE;
  return (middle((sorted.length - 1) >> 1) + middle(sorted.length >> 1)) / 2;
}

/** A frame that starts later than this after the one before it followed a frame that overran (60 Hz, with margin). */
export const LATE_FRAME_MS = 20;
/** At most this many frames rest between a commit and the next render's request. */
export const MAX_REST_FRAMES = 2;
/** After this many build cycles in time in a row, one frame fewer rests. */
const EASE_AFTER_CYCLES = 8;

/** How many frames after a commit the next render waits for, and how many cycles in a row were in time. */
export interface Resting {
  frames: number;
  inTime: number;
}
export const noRest: Resting = { frames: 0, inTime: 0 };

/**
 * The render is built after the frame that asks for it, so asking in a frame that is already full makes it overrun:
 * under 4x CPU throttling the frame drawing a new card took 16-20 ms and the render of the next 8 ms, and asking in
 * every frame held a reading-speed scroll to 40-50 frames/s. A cycle that overran (from the frame that asked to
 * the next) makes the next render wait a frame more after its commit, so the frame that draws the cards does not
 * also build the next; only a run of cycles in time takes a resting frame back (one cycle in time proves nothing
 * of the frame it rested). A device that draws in time rests no frame.
 */
export function nextResting(resting: Resting, cycleMs: number): Resting {
  if (cycleMs > LATE_FRAME_MS) return { frames: Math.min(MAX_REST_FRAMES, resting.frames + 1), inTime: 0 };
  const inTime = resting.inTime + 1;
  return inTime >= EASE_AFTER_CYCLES ? { frames: Math.max(0, resting.frames - 1), inTime: 0 } : { frames: resting.frames, inTime };
}

/**
 * Whether this frame asks for the next render: once the resting frames have passed, and not right after a frame
 * that overran (a page loading, a collection) unless the most frames have rested already.
 */
export function asksForRender(resting: Resting, framesSinceCommit: number, sinceLastFrameMs: number | null): boolean {
  if (framesSinceCommit < resting.frames) return false;
  return framesSinceCommit >= MAX_REST_FRAMES || sinceLastFrameMs === null || sinceLastFrameMs <= LATE_FRAME_MS;
}
