import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import type { AiSettings } from './adapters/ai/create-listing-generator';
import type { StorageSettings } from './adapters/storage/create-storage';
import { optionalEnv as optional } from './channels/env-value';
import { registeredChannels, type ChannelConfigs } from './channels/registry';
import { LIST_CACHE_DEFAULTS, type ListCacheOptions } from './items/list-cache';

// Each channel's own variables (EBAY_*, ETSY_*) are its module's (channels/registry.ts), checked here with the rest.
const channelEnv: z.ZodRawShape = Object.assign({}, ...registeredChannels.map((module) => module.config.env));

const coreEnv = {
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optional.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  APP_SECRET: optional.pipe(z.string().min(32, 'APP_SECRET must be at least 32 characters').optional()),
  PUBLIC_URL: optional.pipe(z.url().optional()),
  HTTPS: optional.pipe(z.enum(['0', '1', 'true', 'false'], 'HTTPS must be 1 or 0').optional()),
  TLS_CERT: optional,
  TLS_KEY: optional,
  ALLOWED_HOSTS: optional,
  SMTP_URL: optional.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
  MAIL_FROM: z.string().default('Resale Studio <no-reply@resale.studio.local>'),
  STORAGE: z.enum(['local', 's3']).default('local'),
  /** Local storage refuses uploads (507) while less than this is free on its disk, before the disk is really full. */
  MIN_FREE_DISK_MB: z.coerce.number().min(0).default(100),
  S3_BUCKET: z.string().default('product-images'),
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: optional,
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  AI_PROVIDER: optional.pipe(z.enum(['basic', 'openai', 'anthropic']).optional()),
  AI_BASE_URL: optional,
  AI_API_KEY: optional,
  AI_MODEL: optional,
  /** on: the offline writer reads brand, size and composition off the label photos (decision 165). */
  LABEL_READING: z.enum(['on', 'off']).default('on'),
  /** An earlier APP_SECRET, so eBay tokens encrypted under it stay readable after a rotation (re-encrypted on use). */
  APP_SECRET_PREVIOUS: optional,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  AUTH_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  TRUST_PROXY: optional,
  WORKERS: z.coerce.number().int().min(0).default(4),
  WORKER_ID: optional,
  /** auto: event streams are woken by LISTEN/NOTIFY on PostgreSQL and poll on PGlite; poll: always poll. */
  EVENTS_DELIVERY: z.enum(['auto', 'poll']).default('auto'),
  EVENTS_MAX_STREAMS_PER_USER: z.coerce.number().int().positive().default(10),
  /** MB of dashboard list pages kept in memory while current (decision record 030; PostgreSQL only); 0 keeps none. */
  LIST_CACHE_MB: z.coerce.number().min(0).default(64),
  /** Seconds between two pulls of a connected seller's sales from each channel; also on demand. */
  SALES_PULL_INTERVAL_S: z.coerce.number().int().min(10).default(300),
  /** Rows of a past-sales spreadsheet written per statement batch (PostgreSQL takes at most 65,535 parameters a statement). */
  PAST_SALES_BATCH_ROWS: z.coerce.number().int().min(1).max(2000).default(1000),
  /** Web Push's VAPID key pair (RFC 8292, base64url); without them one is made once and kept in the database. */
  VAPID_PUBLIC_KEY: optional,
  VAPID_PRIVATE_KEY: optional,
  /** Who runs this server, for the push services (a mailto: or https: URL); MAIL_FROM's address by default. */
  VAPID_SUBJECT: optional,
  /** Tests only (NODE_ENV=test): pushes may also go to the fake push service on http://127.0.0.1 (decision 124). */
  PUSH_TEST_LOOPBACK: optional.pipe(z.enum(['0', '1']).optional()),
};

const envSchema = z.object({ ...channelEnv, ...coreEnv });

/** The server's own variables (each channel reads its own: ChannelModule's config). */
export type Env = z.output<z.ZodObject<typeof coreEnv>>;

/** The server's configuration, with each channel's own part under its name (`config.ebay`, `config.etsy`). */
export interface Config extends ChannelConfigs {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  dataDir: string;
  database: { kind: 'pglite'; dir: string } | { kind: 'postgres'; url: string };
  appSecret: string;
  appSecretSource: 'env' | 'generated';
  /** Earlier APP_SECRETs still accepted for decrypting stored marketplace tokens. */
  previousAppSecrets: string[];
  /** Where the simulated marketplaces keep their state between runs (DATA_DIR/simulations, decision 188); null: in memory. */
  simulationsDir: string | null;
  publicUrl: string;
  publicUrlSource: 'env' | 'default';
  /** HTTPS=1 alone: a self-signed certificate kept in `dir`; TLS_CERT/TLS_KEY: the seller's own. */
  tls: { kind: 'off' } | { kind: 'self-signed'; dir: string } | { kind: 'files'; certFile: string; keyFile: string };
  /** Origins named in ALLOWED_HOSTS: other addresses the server is told it is reached at. */
  allowedOrigins: string[];
  /** This machine's LAN IPv4 addresses, where a phone on the same network reaches it. */
  lanAddresses: string[];
  mail: { kind: 'outbox'; dir: string } | { kind: 'smtp'; url: string };
  mailFrom: string;
  storage: StorageSettings;
  ai: AiSettings;
  logLevel: Env['LOG_LEVEL'];
  authRateLimit: number;
  /** Which proxies may say who the client is (X-Forwarded-For): none, the nearest `n` hops, or these addresses. */
  trustProxy: false | number | string[];
  workers: number;
  /** Lease owner name of this process's workers; by default one kept in DATA_DIR (jobs/worker-identity.ts). */
  workerId?: string;
  events: { delivery: 'auto' | 'poll'; maxStreamsPerUser: number };
  /** How often each connected seller's sales are pulled from each channel (SALES_PULL_INTERVAL_S). */
  salesPullIntervalMs: number;
  /** Rows of a past-sales spreadsheet checked and written a batch at a time (PAST_SALES_BATCH_ROWS). */
  pastSalesBatchRows: number;
  listCache: ListCacheOptions;
  /**
   * Web Push (decision 084): the VAPID keys from the environment (null: kept in the database) and the subject; and,
   * on a test server only, pushes to the fake push service on loopback (decision 124).
   */
  push: { keys: { publicKey: string; privateKey: string } | null; subject: string; loopbackForTests: boolean };
}

export class ConfigError extends Error {}

/**
 * Reads the environment into a typed config, filling the embedded defaults. Throws ConfigError on bad values.
 * `interfaces` stands in for the machine's network interfaces in tests.
 */
export function loadConfig(
  source: NodeJS.ProcessEnv = process.env,
  interfaces: ReturnType<typeof networkInterfaces> = networkInterfaces(),
): Config {
  const parsed = envSchema.safeParse(source);
  const issues = parsed.success
    ? [...tlsIssues(parsed.data), ...testOnlyIssues(parsed.data)]
    : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  const allowed = parsed.success ? parseAllowedHosts(parsed.data) : { origins: [], issues: [] };
  issues.push(...allowed.issues);
  if (!parsed.success || issues.length > 0) {
    throw new ConfigError(`Invalid configuration:\n${issues.map((line) => `  ${line}`).join('\n')}`);
  }
  const env = parsed.data as Env;
  const channelConfigs = Object.fromEntries(
    registeredChannels.map((module) => [module.name, module.config.read(parsed.data as never)]),
  ) as ChannelConfigs;
  const dataDir = path.resolve(env.DATA_DIR);
  const tls = tlsMode(env, dataDir);
  const scheme = serverScheme(env);
  mkdirSync(dataDir, { recursive: true });
  const secret = env.APP_SECRET ?? readOrCreateSecret(dataDir);
  const aiProvider = env.AI_PROVIDER ?? (env.AI_API_KEY ? 'openai' : 'basic');
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir,
    database: env.DATABASE_URL ? { kind: 'postgres', url: env.DATABASE_URL } : { kind: 'pglite', dir: path.join(dataDir, 'db') },
    appSecret: secret,
    appSecretSource: env.APP_SECRET ? 'env' : 'generated',
    previousAppSecrets: env.APP_SECRET_PREVIOUS ? [env.APP_SECRET_PREVIOUS] : [],
    simulationsDir: path.join(dataDir, 'simulations'),
    publicUrl: (env.PUBLIC_URL ?? `${scheme}://localhost:${env.PORT}`).replace(/\/$/, ''),
    publicUrlSource: env.PUBLIC_URL ? 'env' : 'default',
    tls,
    allowedOrigins: allowed.origins,
    lanAddresses: lanIPv4Addresses(interfaces),
    mail: env.SMTP_URL ? { kind: 'smtp', url: env.SMTP_URL } : { kind: 'outbox', dir: path.join(dataDir, 'outbox') },
    mailFrom: env.MAIL_FROM,
    storage:
      env.STORAGE === 's3'
        ? {
            kind: 's3',
            bucket: env.S3_BUCKET,
            region: env.S3_REGION,
            endpoint: env.S3_ENDPOINT,
            accessKeyId: env.S3_ACCESS_KEY_ID,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          }
        : { kind: 'local', dir: path.join(dataDir, 'storage'), minFreeBytes: env.MIN_FREE_DISK_MB * 1024 * 1024 },
    ai: {
      provider: aiProvider,
      baseUrl: env.AI_BASE_URL,
      apiKey: env.AI_API_KEY,
      model: env.AI_MODEL,
      labelReading: env.LABEL_READING === 'on',
    },
    logLevel: env.LOG_LEVEL,
    authRateLimit: env.AUTH_RATE_LIMIT,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    workers: env.WORKERS,
    workerId: env.WORKER_ID,
    events: { delivery: env.EVENTS_DELIVERY, maxStreamsPerUser: env.EVENTS_MAX_STREAMS_PER_USER },
    salesPullIntervalMs: env.SALES_PULL_INTERVAL_S * 1000,
    pastSalesBatchRows: env.PAST_SALES_BATCH_ROWS,
    listCache: { ...LIST_CACHE_DEFAULTS, maxBytes: Math.round(env.LIST_CACHE_MB * 1024 * 1024) },
    push: {
      keys: env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY } : null,
      subject: env.VAPID_SUBJECT ?? `mailto:${/<([^>]+)>/.exec(env.MAIL_FROM)?.[1] ?? env.MAIL_FROM}`,
      loopbackForTests: env.NODE_ENV === 'test' && env.PUSH_TEST_LOOPBACK === '1',
    },
    ...channelConfigs,
  };
}

/**
 * TRUST_PROXY: unset trusts no proxy (the client's own address counts, whatever headers it sends); a number trusts
 * that many hops in front of the server; otherwise a comma-separated list of proxy addresses or CIDR ranges.
 */
function parseTrustProxy(value: string | undefined): Config['trustProxy'] {
  if (value === undefined || value === '0') return false;
  if (/^\d+$/.test(value)) {
    if (Number(value) <= 10) return Number(value);
  } else {
    const addresses = value
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean);
    if (addresses.length > 0 && addresses.every((a) => /^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(a))) return addresses;
  }
  throw new ConfigError(`Invalid configuration:\n  TRUST_PROXY: a hop count (1-10) or proxy addresses, got "${value}"`);
}

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'app-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

const httpsOn = (env: Env) => env.HTTPS === '1' || env.HTTPS === 'true';
const serverScheme = (env: Env) => (httpsOn(env) || (env.TLS_CERT && env.TLS_KEY) ? 'https' : 'http');

function tlsMode(env: Env, dataDir: string): Config['tls'] {
  if (env.TLS_CERT && env.TLS_KEY) return { kind: 'files', certFile: path.resolve(env.TLS_CERT), keyFile: path.resolve(env.TLS_KEY) };
  return httpsOn(env) ? { kind: 'self-signed', dir: path.join(dataDir, 'tls') } : { kind: 'off' };
}

/** A test server's switches stop any other server: they would open what a seller must never reach. */
function testOnlyIssues(env: Env): string[] {
  return env.PUSH_TEST_LOOPBACK === '1' && env.NODE_ENV !== 'test'
    ? ['PUSH_TEST_LOOPBACK: only a test server (NODE_ENV=test) may set it']
    : [];
}

function tlsIssues(env: Env): string[] {
  if (Boolean(env.TLS_CERT) !== Boolean(env.TLS_KEY))
    return ['TLS_CERT, TLS_KEY: set both (the certificate and its private key) or neither'];
  const missing = (['TLS_CERT', 'TLS_KEY'] as const).filter((name) => env[name] && !existsSync(path.resolve(env[name])));
  return missing.map((name) => `${name}: no file at ${path.resolve(env[name] ?? '')}`);
}

/**
 * ALLOWED_HOSTS: comma-separated `host`, `host:port` or `https://host[:port]`; a bare host is reached with the
 * server's own scheme and PORT.
 */
function parseAllowedHosts(env: Env): { origins: string[]; issues: string[] } {
  const scheme = serverScheme(env);
  const origins: string[] = [];
  const issues: string[] = [];
  for (const entry of (env.ALLOWED_HOSTS ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const candidate = entry.includes('://') ? entry : `${scheme}://${entry}`;
    const url = URL.canParse(candidate) ? new URL(candidate) : undefined;
    if (!url || !['http:', 'https:'].includes(url.protocol) || url.pathname !== '/' || url.search || url.username) {
      issues.push(`ALLOWED_HOSTS: "${entry}" is not a host name, IP address or http(s) origin`);
      continue;
    }
    if (!entry.includes('://') && !/:\d+$/.test(entry)) url.port = String(env.PORT);
    origins.push(url.origin);
  }
  return { origins, issues };
}

function lanIPv4Addresses(interfaces: ReturnType<typeof networkInterfaces>): string[] {
  return Object.values(interfaces)
    .flatMap((addresses) => addresses ?? [])
    .filter((a) => a.family === 'IPv4' && !a.internal)
    .map((a) => a.address);
}
