/**
 * `npm run worker`: background jobs only (no HTTP), for running workers apart from the web servers. Runs WORKERS
 * job loops (at least 1) against the configured database; SIGINT/SIGTERM let running jobs finish (10 s), then exit.
 */
import { ConfigError, loadConfig } from './config';
import { closeDeps, composeDeps, startWorkers } from './compose';

async function main() {
  const config = loadConfig();
  const deps = await composeDeps(config);
  const workers = await startWorkers(deps, { role: 'worker', concurrency: Math.max(1, config.workers) });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(JSON.stringify({ level: 'info', msg: 'worker shutting down', signal }));
    await workers.stop();
    await closeDeps(deps);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(2);
  }
  console.error(err);
  process.exit(1);
});
