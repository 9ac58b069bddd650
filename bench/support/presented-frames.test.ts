import { describe, expect, it } from 'vitest';
import { presentedFrames, type TraceEvent } from './presented-frames';

const report = (pid: number, sequence: number, ms: number, state: string, scroll = 'SCROLL_COMPOSITOR_THREAD'): TraceEvent => ({
  name: 'PipelineReporter',
  ph: 'b',
  pid,
  ts: ms * 1000,
  args: { frame_reporter: { frame_sequence: sequence, state, scroll_state: scroll } },
});

/** A second of 60 Hz frames from `pid`, each with the given states. */
const second = (pid: number, stateOf: (n: number) => string[]) =>
  Array.from({ length: 61 }, (_, n) => stateOf(n).map((state) => report(pid, n, (n * 1000) / 60, state))).flat();

describe('presentedFrames', () => {
  it('counts a frame once, whichever of its reports presented it', () => {
    const events = second(7, () => ['STATE_NO_UPDATE_DESIRED', 'STATE_PRESENTED_ALL']);
    expect(presentedFrames(events)).toEqual({ perSecond: 61, partial: 0, dropped: 0 });
  });

  it('tells frames presented without the main thread and frames dropped', () => {
    const events = second(7, (n) => [n % 2 ? 'STATE_PRESENTED_PARTIAL' : n % 10 === 0 ? 'STATE_DROPPED' : 'STATE_PRESENTED_ALL']);
    const frames = presentedFrames(events);
    expect(frames.dropped).toBe(7);
    expect(frames.perSecond).toBe(54);
    expect(frames.partial).toBeCloseTo(30 / 54);
  });

  it('reads the renderer (the process with the most reports) over the span it scrolled', () => {
    const still = [report(7, 100, -5000, 'STATE_PRESENTED_ALL', 'SCROLL_NONE'), report(7, 101, 5000, 'STATE_PRESENTED_ALL', 'SCROLL_NONE')];
    const browser = [report(3, 1, 0, 'STATE_PRESENTED_ALL'), report(3, 2, 1000, 'STATE_PRESENTED_ALL')];
    const events = [...second(7, (n) => (n % 2 ? ['STATE_PRESENTED_ALL'] : ['STATE_NO_UPDATE_DESIRED'])), ...still, ...browser];
    expect(presentedFrames(events).perSecond).toBe(30);
  });

  it('reads no frames when the page did not scroll', () => {
    expect(presentedFrames([report(7, 1, 0, 'STATE_PRESENTED_ALL', 'SCROLL_NONE')])).toEqual({ perSecond: 0, partial: 0, dropped: 0 });
  });
});
