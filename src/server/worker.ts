/**
 * `npm run worker`: background jobs only (no HTTP), for running workers apart from the web servers. Runs WORKERS
 * job loops (at least 1) against the configured database; SIGINT/SIGTERM let running jobs finish (10 s), then exit.
 */
import { loadConfig } from './config';
import { closeDeps, composeDeps, startWorkers } from './compose';
import { onShutdownSignal, runEntryPoint } from './process-lifecycle';

async function main() {
  const config = loadConfig();
  const deps = await composeDeps(config, { role: 'worker' });
  const workers = await startWorkers(deps, { role: 'worker', concurrency: Math.max(1, config.workers) });

  onShutdownSignal(
    (signal) => [
      [
        'running jobs',
        () => {
          deps.log.info({ signal }, 'worker shutting down');
          return workers.stop();
        },
      ],
      ['the database, mail, media and events', () => closeDeps(deps)],
    ],
    { warn: (fields, message) => deps.log.warn(fields, message) },
  );
}

runEntryPoint(main);
