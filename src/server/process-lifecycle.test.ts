import { afterEach, describe, expect, it, vi } from 'vitest';
import { runShutdownSteps, type ShutdownStep } from './process-lifecycle';

afterEach(() => vi.useRealTimers());

describe('runShutdownSteps', () => {
  it('runs the steps one after another and names a step that lingers, at each interval, until it ends', async () => {
    vi.useFakeTimers();
    const order: string[] = [];
    const warn = vi.fn();
    let finishDrain: () => void = () => undefined;
    const steps: ShutdownStep[] = [
      ['the HTTP server', () => void order.push('http')],
      ['open requests', () => new Promise<void>((resolve) => (finishDrain = () => (order.push('drained'), resolve())))],
      ['the database', () => void order.push('db')],
    ];
    const done = runShutdownSteps(steps, { warn, warnAfterMs: 1_000 });
    await vi.advanceTimersByTimeAsync(2_500);
    expect(order).toEqual(['http']);
    expect(warn.mock.calls.map(([fields, message]) => [fields.step, message])).toEqual([
      ['open requests', 'Shutdown: still waiting for open requests after 1 s'],
      ['open requests', 'Shutdown: still waiting for open requests after 2 s'],
    ]);
    finishDrain();
    await done;
    expect(order).toEqual(['http', 'drained', 'db']);
    // Nothing is reported once the step has ended.
    await vi.advanceTimersByTimeAsync(5_000);
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('stops reporting a step that failed, and passes its error on', async () => {
    vi.useFakeTimers();
    const warn = vi.fn();
    const failing = runShutdownSteps(
      [
        ['the job workers', () => Promise.reject(new Error('worker stuck'))],
        ['the database', () => undefined],
      ],
      { warn, warnAfterMs: 1_000 },
    );
    await expect(failing).rejects.toThrow('worker stuck');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(warn).not.toHaveBeenCalled();
  });
});
