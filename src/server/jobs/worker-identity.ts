import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The name this process's workers record as the owner of their leases. It outlives a restart (kept in DATA_DIR, or
 * WORKER_ID), so a restarted server knows which running jobs were its own and releases them at once (queue.ts
 * releaseLeasesOf). Processes sharing a DATA_DIR get one file per role (`server`, `worker`); run more than one
 * process of a role on one DATA_DIR only with distinct WORKER_IDs.
 */
export function workerIdentity(options: { dataDir: string; role: 'server' | 'worker'; configured?: string }): string {
  if (options.configured) return options.configured;
  const file = path.join(options.dataDir, `worker-id-${options.role}`);
  try {
    const saved = readFileSync(file, 'utf8').trim();
    if (saved) return saved;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const created = `${options.role}-${randomUUID()}`;
  writeFileSync(file, `${created}\n`, { mode: 0o600 });
  return created;
}
