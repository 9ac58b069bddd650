import type { EnvCheckEntry } from '@shared/contracts/diagnostics';
import { registeredChannels } from '../channels/registry';
import type { Config } from '../config';
import { envCheckEntry as entry } from './env-check-entry';

/** Which configuration is set, on its embedded default, or missing, each channel's after the core's. Never a secret's value. */
export function envCheck(config: Config): EnvCheckEntry[] {
  const { ai, storage, mail, database } = config;
  const entries: EnvCheckEntry[] = [
    database.kind === 'postgres'
      ? entry('database', 'Database', ['DATABASE_URL'], 'configured', `PostgreSQL at ${hostOf(database.url)}`)
      : entry('database', 'Database', ['DATABASE_URL'], 'default', 'Embedded PGlite in the data folder (db/)'),
    mail.kind === 'smtp'
      ? entry('mail', 'E-mail', ['SMTP_URL', 'MAIL_FROM'], 'configured', `SMTP via ${hostOf(mail.url)}`)
      : entry('mail', 'E-mail', ['SMTP_URL', 'MAIL_FROM'], 'default', 'Written to the outbox folder (outbox/), one file per mail'),
    storageEntry(config),
    aiEntry(ai),
    entry('public-url', 'Public URL', ['PUBLIC_URL'], config.publicUrlSource === 'env' ? 'configured' : 'default', config.publicUrl),
    httpsEntry(config.tls),
    entry(
      'app-secret',
      'App secret',
      ['APP_SECRET'],
      config.appSecretSource === 'env' ? 'configured' : 'default',
      config.appSecretSource === 'env' ? 'Set from the environment' : 'Generated into the data folder on first start',
    ),
    ...registeredChannels.flatMap((module) => module.config.check?.(config[module.name]) ?? []),
  ];
  if (storage.kind === 's3' && !(storage.accessKeyId && storage.secretAccessKey)) {
    entries.push(
      entry('s3-credentials', 'S3 credentials', ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'], 'missing', 'Needed when STORAGE=s3'),
    );
  }
  return entries;
}

function storageEntry(config: Config): EnvCheckEntry {
  const vars = ['STORAGE', 'S3_BUCKET', 'S3_REGION', 'S3_ENDPOINT'];
  if (config.storage.kind === 'local')
    return entry('storage', 'Photo storage', vars, 'default', 'Local disk in the data folder (storage/)');
  const where = config.storage.endpoint ? ` at ${hostOf(config.storage.endpoint)}` : '';
  return entry('storage', 'Photo storage', vars, 'configured', `S3 bucket ${config.storage.bucket}${where}`);
}

function httpsEntry(tls: Config['tls']): EnvCheckEntry {
  const vars = ['HTTPS', 'TLS_CERT', 'TLS_KEY'];
  if (tls.kind === 'files') return entry('https', 'HTTPS', vars, 'configured', 'Your certificate (TLS_CERT, TLS_KEY)');
  if (tls.kind === 'self-signed') {
    return entry(
      'https',
      'HTTPS',
      vars,
      'configured',
      'Certificate made in the data folder (tls/); a phone trusts it from /api/tls/resale-studio-ca.crt',
    );
  }
  return entry('https', 'HTTPS', vars, 'default', 'Off: a phone\'s camera needs HTTPS=1 (README, "On your phone")');
}

function aiEntry(ai: Config['ai']): EnvCheckEntry {
  const vars = ['AI_PROVIDER', 'AI_BASE_URL', 'AI_API_KEY', 'AI_MODEL'];
  if (ai.provider === 'basic') return entry('ai', 'AI provider', vars, 'default', 'Basic offline drafts (no AI key configured)');
  if (!ai.apiKey) return entry('ai', 'AI provider', vars, 'missing', `${ai.provider} selected but AI_API_KEY is not set`);
  const where = ai.baseUrl ? ` at ${hostOf(ai.baseUrl)}` : '';
  return entry('ai', 'AI provider', vars, 'configured', `${ai.provider}${ai.model ? ` (${ai.model})` : ''}${where}`);
}

/** host[:port] of a URL, without user, password, path or query. */
function hostOf(url: string): string {
  try {
    return new URL(url).host || 'unknown host';
  } catch {
    return 'unparseable URL';
  }
}
