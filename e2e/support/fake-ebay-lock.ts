import { closeSync, mkdirSync, openSync, rmSync } from 'node:fs';
import path from 'node:path';
import { e2eEnv } from './e2e-env';

/**
 * Runs `body` while no other test that injects a failure into the fake eBay (its `/__control/fail*` switches are
 * global: the next matching call takes them) holds the lock. One lock file for every spec; run.ts clears the data
 * folder, stale locks too.
 */
export async function holdingFakeEbayFailures<T>(body: () => Promise<T>): Promise<T> {
  mkdirSync(e2eEnv.dataDir, { recursive: true });
  const lock = path.join(e2eEnv.dataDir, 'fake-ebay-failures.lock');
  for (;;) {
    try {
      closeSync(openSync(lock, 'wx'));
      break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  try {
    return await body();
  } finally {
    rmSync(lock, { force: true });
  }
}
