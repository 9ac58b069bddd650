import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { listingMessages } from '../../shared/domain/listing';
import type { ListingGenerator } from '../adapters/ai/listing-generator';
import type { Storage } from '../adapters/storage/storage';
import type { Db } from '../db/client';
import { createListingGeneration } from '../listings/generation';
import { failOrphanedGenerations, queueAutoGenerations } from '../listings/repo';
import { systemClock, type Clock } from './clock';
import { generateListingHandler } from './handlers/generate-listing';
import { createRateLimiters } from './provider-rate-limiter';
import { pruneFailedJobs } from './queue';
import { createJobRegistry, type JobRegistry } from './registry';
import { createWorkerPool, type WorkerPool } from './worker-pool';

export interface WorkerDeps {
  db: Db;
  storage: Storage;
  listingGenerator: ListingGenerator;
  log?: FastifyBaseLogger;
  clock?: Clock;
}

/** What the composition root has (AppDeps fits). */
export interface ComposedDeps {
  config: { workers: number; logLevel: string };
  database: { db: Db };
  storage: Storage;
  listingGenerator: ListingGenerator;
}

/** Every job kind's handler; createJobRegistry refuses to build (and so the start fails) if one is missing. */
export function buildJobRegistry(deps: WorkerDeps & { log: FastifyBaseLogger; limiters: ReturnType<typeof createRateLimiters> }): JobRegistry {
  const generation = createListingGeneration({ db: deps.db, storage: deps.storage, generator: deps.listingGenerator, limiters: deps.limiters, log: deps.log });
  return createJobRegistry({ 'generate-listing': generateListingHandler(generation) });
}

const MAINTENANCE_MS = 60_000;
/** How often camera batches with background generation are looked for. */
const AUTO_GENERATE_MS = 5000;
const KEEP_FAILED_JOBS_MS = 7 * 24 * 3600 * 1000;

export interface RunningWorkers {
  pool: WorkerPool | null;
  stop(graceMs?: number): Promise<void>;
}

/**
 * For main.ts: starts config.workers job loops (none when WORKERS=0) on the composed deps. Call `stop()` before
 * closing the database.
 */
export function startWorkers(deps: ComposedDeps, options: { concurrency?: number; log?: FastifyBaseLogger } = {}): RunningWorkers {
  const concurrency = options.concurrency ?? deps.config.workers;
  if (concurrency <= 0) return { pool: null, stop: async () => undefined };
  const log = options.log ?? (pino({ level: deps.config.logLevel }) as unknown as FastifyBaseLogger);
  return startWorkerPool({ db: deps.database.db, storage: deps.storage, listingGenerator: deps.listingGenerator, log }, { concurrency });
}

/**
 * Starts `concurrency` job loops in this process (the server calls it when WORKERS > 0; `npm run worker` runs only
 * this), plus a once-a-minute sweep that fails items left "generating" without a job and prunes old failed jobs,
 * and every 5 s queues the background generation of phone camera batches (items with auto_generate_listing).
 */
export function startWorkerPool(deps: WorkerDeps, options: { concurrency: number; leaseMs?: number; pollMs?: number }): RunningWorkers {
  const log = deps.log ?? (pino({ level: 'info' }) as unknown as FastifyBaseLogger);
  const clock = deps.clock ?? systemClock;
  const registry = buildJobRegistry({ ...deps, log, limiters: createRateLimiters(clock) });
  const pool = createWorkerPool({ db: deps.db, registry, log, clock, concurrency: options.concurrency, leaseMs: options.leaseMs, pollMs: options.pollMs });
  pool.start();

  const sweep = async () => {
    try {
      const orphans = await failOrphanedGenerations(deps.db, listingMessages.interrupted);
      if (orphans) log.warn({ orphans }, 'items left generating without a job were marked failed');
      await pruneFailedJobs(deps.db, clock.now() - KEEP_FAILED_JOBS_MS);
    } catch (err) {
      log.error({ err }, 'job maintenance failed');
    }
  };
  const timer = setInterval(() => void sweep(), MAINTENANCE_MS);
  timer.unref();
  const autoGenerate = async () => {
    try {
      const queued = await queueAutoGenerations(deps.db);
      if (queued.length) log.info({ queued: queued.length }, 'background listing generation queued for camera batches');
    } catch (err) {
      log.error({ err }, 'queueing background generation failed');
    }
  };
  const autoTimer = setInterval(() => void autoGenerate(), AUTO_GENERATE_MS);
  autoTimer.unref();

  return {
    pool,
    async stop(graceMs) {
      clearInterval(timer);
      clearInterval(autoTimer);
      await pool.stop(graceMs);
    },
  };
}
