import { ConfigError } from './config';

/** A part of a clean shutdown, in order: what it waits for (for the log when it lingers) and the work. */
export type ShutdownStep = [name: string, run: () => Promise<void> | void];

export interface ShutdownOptions {
  /** Where a lingering step is reported (pino's warn). */
  warn(fields: { step: string; waitedMs: number }, message: string): void;
  /** A step taking longer than this is logged as still waiting, then again at each interval. */
  warnAfterMs?: number;
  /** The whole shutdown past this exits 1 anyway: a hung step must not keep a process that was asked to stop. */
  deadlineMs?: number;
}

const WARN_AFTER_MS = 5_000;
const DEADLINE_MS = 30_000;

/**
 * On the first SIGINT or SIGTERM, runs the steps in order, then exits 0. A step still running after a few seconds
 * is logged by name; past the deadline the process exits 1 (as safe as the kill -9 it would otherwise get).
 */
export function onShutdownSignal(steps: (signal: string) => ShutdownStep[], options: ShutdownOptions): void {
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    const deadline = options.deadlineMs ?? DEADLINE_MS;
    setTimeout(() => {
      console.error(`Shutdown did not finish within ${deadline / 1000} s; exiting.`);
      process.exit(1);
    }, deadline).unref();
    await runShutdownSteps(steps(signal), options);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

/** Runs the steps one after another, logging any that lingers past warnAfterMs (and at each such interval after). */
export async function runShutdownSteps(steps: ShutdownStep[], options: Omit<ShutdownOptions, 'deadlineMs'>): Promise<void> {
  const warnAfterMs = options.warnAfterMs ?? WARN_AFTER_MS;
  for (const [step, run] of steps) {
    const started = Date.now();
    const timer = setInterval(() => {
      const waitedMs = Date.now() - started;
      options.warn({ step, waitedMs }, `Shutdown: still waiting for ${step} after ${Math.round(waitedMs / 1000)} s`);
    }, warnAfterMs);
    try {
      await run();
    } finally {
      clearInterval(timer);
    }
  }
}

/** Runs a process entry point: a configuration error prints its message and exits 2, anything else exits 1. */
export function runEntryPoint(main: () => Promise<void>): void {
  main().catch((err) => {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    console.error(err);
    process.exit(1);
  });
}
