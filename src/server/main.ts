import { ConfigError, loadConfig } from './config';
import { closeDeps, composeDeps, defaultWebDir } from './compose';
import { buildApp } from './http/app';
import { createLeftoverSweep } from './items/leftover-sweep';
import { startWorkers } from './jobs/start-workers';

async function main() {
  const config = loadConfig();
  const deps = await composeDeps(config, { webDir: defaultWebDir });
  const app = await buildApp(deps);
  const workers = startWorkers(deps, { log: app.log });
  const stopSweep = createLeftoverSweep({ db: deps.database.db, storage: deps.storage, log: app.log }).start();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    stopSweep();
    await app.close();
    await workers.stop();
    await closeDeps(deps);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { url: config.publicUrl, database: config.database.kind, mail: config.mail.kind, storage: config.storage.kind, ai: config.ai.provider, workers: config.workers },
    'Resale Studio is running',
  );
}

main().catch((err) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(2);
  }
  console.error(err);
  process.exit(1);
});
