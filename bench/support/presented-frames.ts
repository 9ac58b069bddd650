/**
 * Frames the compositor presented during a scroll, read from a Chromium trace (category
 * disabled-by-default-devtools.timeline.frame). A seller's wheel or touch scroll is run by the compositor thread
 * (the page's listeners are passive), so the screen moves in every frame it presents, whether or not the main thread
 * drew that frame; `requestAnimationFrame` counts only the main thread's frames.
 */

/** The parts of a trace event read here. */
export interface TraceEvent {
  name?: string;
  ph?: string;
  pid?: number;
  ts?: number;
  args?: { frame_reporter?: { state?: string; frame_sequence?: number; scroll_state?: string } };
}

export interface PresentedFrames {
  /** Frames presented (fully or with the main thread's part still to come) a second while the page scrolled. */
  perSecond: number;
  /** Of those, the share presented without the main thread's update for that frame (the cards drawn late). */
  partial: number;
  /** Frames that were due in that time and not presented at all. */
  dropped: number;
}

/**
 * One frame can have several reports (its compositor part and its main-thread part): a frame counts as presented
 * when any of its reports says so, and as partial when none presented it all. The scroll's span runs from the first
 * to the last frame reported as scrolling; the renderer is the process that reported the most frames.
 */
export function presentedFrames(events: readonly TraceEvent[]): PresentedFrames {
  const reports = events.filter((event) => event.name === 'PipelineReporter' && event.ph === 'b' && event.args?.frame_reporter);
  const byProcess = new Map<number, TraceEvent[]>();
  for (const report of reports) {
    const list = byProcess.get(report.pid ?? 0) ?? [];
    list.push(report);
    byProcess.set(report.pid ?? 0, list);
  }
  const renderer = [...byProcess.values()].sort((a, b) => b.length - a.length)[0] ?? [];
  const scrolling = renderer.filter((report) => (report.args?.frame_reporter?.scroll_state ?? 'SCROLL_NONE') !== 'SCROLL_NONE');
  const times = scrolling.map((report) => report.ts ?? 0);
  if (times.length < 2) return { perSecond: 0, partial: 0, dropped: 0 };
  const from = Math.min(...times);
  const to = Math.max(...times);
  const frames = new Map<number, Set<string>>();
  for (const report of renderer) {
    const { frame_sequence: sequence, state } = report.args?.frame_reporter ?? {};
    if (sequence === undefined || state === undefined || (report.ts ?? 0) < from || (report.ts ?? 0) > to) continue;
    frames.set(sequence, (frames.get(sequence) ?? new Set()).add(state));
  }
  const states = [...frames.values()];
  const presented = states.filter((set) => set.has('STATE_PRESENTED_ALL') || set.has('STATE_PRESENTED_PARTIAL'));
  const partial = presented.filter((set) => !set.has('STATE_PRESENTED_ALL'));
  const dropped = states.filter((set) => set.has('STATE_DROPPED') && !presented.includes(set));
  const seconds = (to - from) / 1_000_000;
  return {
    perSecond: seconds > 0 ? presented.length / seconds : 0,
    partial: presented.length ? partial.length / presented.length : 0,
    dropped: dropped.length,
  };
}
