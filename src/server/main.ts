import { loadConfig } from './config';
import { closeDeps, composeDeps, defaultWebDir, startWorkers } from './compose';
import { buildApp } from './http/app';
import { onShutdownSignal, runEntryPoint } from './process-lifecycle';

async function main() {
  const config = loadConfig();
  const deps = await composeDeps(config, { webDir: defaultWebDir });
  const app = await buildApp(deps);
  const workers = await startWorkers(deps, { role: 'server', log: app.log });
  const stopSweep = deps.services.leftovers.start();

  onShutdownSignal(async (signal) => {
    app.log.info({ signal }, 'shutting down');
    stopSweep();
    await app.close();
    await workers.stop();
    await closeDeps(deps);
  });

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { url: config.publicUrl, database: config.database.kind, mail: config.mail.kind, storage: config.storage.kind, ai: config.ai.provider, workers: config.workers },
    'Resale Studio is running',
  );
}

runEntryPoint(main);
