import { loadConfig } from './config';
import { closeDeps, composeDeps, defaultWebDir, startWorkers } from './compose';
import { buildApp } from './http/app';
import { reachableUrls } from './http/reachable-urls';
import { onShutdownSignal, runEntryPoint } from './process-lifecycle';
import { loadTlsCredentials } from './tls/tls-credentials';

/** Requests under way get this long to finish when the server is asked to stop; then their connections are cut. */
const REQUEST_GRACE_MS = 10_000;

/**
 * Stops taking requests and waits for those under way, at most REQUEST_GRACE_MS: a client that stopped reading a
 * download (or a stream left open) would otherwise hold the shutdown forever.
 */
async function closeHttp(app: Awaited<ReturnType<typeof buildApp>>) {
  const cut = setTimeout(() => app.server.closeAllConnections(), REQUEST_GRACE_MS);
  try {
    await app.close();
  } finally {
    clearTimeout(cut);
  }
}

async function main() {
  const config = loadConfig();
  const deps = await composeDeps(config, { webDir: defaultWebDir });
  const app = await buildApp(deps, { https: await loadTlsCredentials(config) });
  const workers = await startWorkers(deps, { role: 'server', log: app.log });
  const stopSweep = deps.services.leftovers.start();

  onShutdownSignal(
    (signal) => [
      [
        'the leftover sweep',
        () => {
          app.log.info({ signal }, 'shutting down');
          stopSweep();
        },
      ],
      ['open requests', () => closeHttp(app)],
      ['running jobs', () => workers.stop()],
      ['the database, mail, media and events', () => closeDeps(deps)],
    ],
    { warn: (fields, message) => app.log.warn(fields, message) },
  );

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
