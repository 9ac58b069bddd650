import { loadConfig } from './config';
import { closeDeps, composeDeps, defaultWebDir, startWorkers } from './compose';
import { buildApp } from './http/app';
import { reachableUrls } from './http/reachable-urls';
import { onShutdownSignal, runEntryPoint } from './process-lifecycle';
import { loadTlsCredentials } from './tls/tls-credentials';

async function main() {
  const config = loadConfig();
  const deps = await composeDeps(config, { webDir: defaultWebDir });
  const app = await buildApp(deps, { https: await loadTlsCredentials(config) });
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
  const urls = reachableUrls(config);
  app.log.info(
    {
      urls,
      database: config.database.kind,
      mail: config.mail.kind,
      storage: config.storage.kind,
      ai: config.ai.provider,
      workers: config.workers,
    },
    `Resale Studio is running at ${urls.join(' and ')}`,
  );
  if (config.tls.kind === 'off' && config.lanAddresses.length > 0) {
    app.log.info('On a phone the camera needs HTTPS: start with HTTPS=1 (README, "On your phone")');
  }
}

runEntryPoint(main);
