import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import { createAuth } from './auth/auth';
import type { Mailer } from './adapters/mail/mailer';
import { createOutboxMailer } from './adapters/mail/outbox-mailer';
import { createSharpMedia } from './adapters/media/sharp-media';
import { createStorage } from './adapters/storage/create-storage';
import { createListingGenerator } from './adapters/ai/create-listing-generator'; // listings (issue 4)
import type { AppDeps } from './http/app';

export const defaultWebDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/web');

/** Builds every adapter the config asks for; the caller owns closing them. */
export async function composeDeps(config: Config, options: { webDir?: string; database?: Database } = {}): Promise<AppDeps> {
  const log = pino({ level: config.logLevel });
  const database =
    options.database ??
    (await openDatabase(config.database.kind === 'postgres' ? { kind: 'postgres', url: config.database.url } : { kind: 'pglite', dir: config.database.dir }));
  if (!options.database) await database.migrate();
  const mailer: Mailer =
    config.mail.kind === 'smtp'
      ? (await import('./adapters/mail/smtp-mailer')).createSmtpMailer(config.mail.url, config.mailFrom)
      : createOutboxMailer(config.mail.dir, config.mailFrom, log);
  const auth = createAuth(database.db, config, mailer);
  const storage = await createStorage(config);
  const media = createSharpMedia();
  const listingGenerator = await createListingGenerator(config.ai); // listings (issue 4)
  return { config, database, auth, mailer, storage, media, listingGenerator, webDir: options.webDir };
}

export async function closeDeps(deps: AppDeps) {
  await deps.mailer.close?.();
  await deps.media.close();
  await deps.database.close();
}
