import { ConfigError } from './config';

/** Runs `close` once on the first SIGINT or SIGTERM, then exits 0. */
export function onShutdownSignal(close: (signal: string) => Promise<void>): void {
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    await close(signal);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
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
