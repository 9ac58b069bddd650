import type { FastifyBaseLogger } from 'fastify';
import type { Storage } from '../adapters/storage/storage';
import type { Db } from '../db/client';
import { deleteEmptyItemsCreatedBefore, referencedStorageKeys } from './leftover-repo';

/** Older than this, a file no row points at and an item without photos are leftovers, not uploads in flight. */
export const LEFTOVER_AGE_MS = 60 * 60 * 1000;
const SWEEP_EVERY_MS = 15 * 60 * 1000;

export interface LeftoverSweepDeps {
  db: Db;
  storage: Storage;
  log: FastifyBaseLogger;
}

/**
 * Removes what a killed upload leaves: photos are stored as their parts arrive and their rows written at the end,
 * so a server killed in between leaves files no row points at. A product upload (POST /api/items/upload) writes its
 * item with its photos, so it leaves no item; an item made by POST /api/items whose photos never came is left
 * without photos. Both are swept once they are older than an hour, on start and every 15 minutes.
 */
export type LeftoverSweep = ReturnType<typeof createLeftoverSweep>;

export function createLeftoverSweep(deps: LeftoverSweepDeps) {
  const { db, storage, log } = deps;

  async function sweep(nowMs = Date.now()): Promise<{ emptyDrafts: number; orphanedFiles: number }> {
    const cutoff = nowMs - LEFTOVER_AGE_MS;
    const emptyDrafts = await deleteEmptyItemsCreatedBefore(db, new Date(cutoff));
    let orphanedFiles = 0;
    for await (const page of storage.list()) {
      const old = page.filter((file) => file.modifiedAt.getTime() < cutoff).map((file) => file.key);
      if (old.length === 0) continue;
      const referenced = await referencedStorageKeys(db, old);
      const orphans = old.filter((key) => !referenced.has(key));
      if (orphans.length === 0) continue;
      await storage.delete(orphans);
      orphanedFiles += orphans.length;
    }
    if (emptyDrafts.length > 0 || orphanedFiles > 0) log.info({ emptyDrafts: emptyDrafts.length, orphanedFiles }, 'swept upload leftovers');
    return { emptyDrafts: emptyDrafts.length, orphanedFiles };
  }

  /** Sweeps now and then periodically; answers a stop function. */
  function start(): () => void {
    const run = () => void sweep().catch((err: unknown) => log.error({ err }, 'leftover sweep failed'));
    run();
    const timer = setInterval(run, SWEEP_EVERY_MS);
    timer.unref();
    return () => clearInterval(timer);
  }

  return { sweep, start };
}
