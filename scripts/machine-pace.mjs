/**
 * The machine's pace (decision 185): how much slower than the reference machine this one runs a fixed piece of the
 * work the app servers do (JSON, hashing, gzip, a regular expression), as a factor of at least 1. The browser suite
 * multiplies its test and expect timeouts by it: a timeout there catches a hung test, never a slow machine (speed is
 * measured by `npm run bench` and the CI run's own time). Plain JavaScript: scripts/test-suites.mjs measures it before
 * the two suites start, and e2e/run.ts when it runs alone.
 */
import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { gzipSync } from 'node:zlib';

/** One round on each core at once on the reference machine (2 cores, quiet, Node 24; 2026-11-30: 162-170 ms). */
export const REFERENCE_MS = 165;
/** The largest factor: a machine measured slower still gets this (a hung test still ends within minutes). */
export const MAX_PACE = 3;

const rows = Array.from({ length: 2000 }, (_, i) => ({
  id: i,
  sku: `SKU-${i}`,
  title: `Levi's 501 jeans W${i % 40} L32 blue denim`,
  price: { amountMinor: i * 37, currency: 'USD' },
}));

function workload() {
  let n = 0;
  for (let round = 0; round < 50; round++) {
    const text = JSON.stringify(rows);
    n += JSON.parse(text).length;
    n += createHash('sha256').update(text).digest()[0];
    n += gzipSync(text, { level: 6 }).length;
    n += (text.match(/W\d+ L32/g) ?? []).length;
  }
  return n;
}

/**
 * The time the machine takes for one round of the workload on each of its cores at once (`threads`, one per core by
 * default), in milliseconds: the wall time of `rounds` rounds over `rounds`. The suites run many processes on every
 * core, so it is the machine's throughput that sets their pace, not one core's speed: a machine whose cores are shared
 * with others runs one thread at full speed and two at half.
 */
export async function measureMs(rounds = 5, threads = availableParallelism()) {
  const started = performance.now();
  await Promise.all(
    Array.from(
      { length: threads },
      () =>
        new Promise((resolve, reject) => {
          const worker = new Worker(new URL(import.meta.url), { workerData: { paceRounds: rounds } });
          worker.once('message', resolve);
          worker.once('error', reject);
        }),
    ),
  );
  return (performance.now() - started) / rounds;
}

if (!isMainThread && workerData?.paceRounds) {
  for (let i = 0; i < workerData.paceRounds; i++) workload();
  parentPort?.postMessage('done');
}

/** The factor for a measured time: at least 1 (a faster machine keeps the timeouts), at most MAX_PACE, to a tenth. */
export function paceOf(measuredMs, referenceMs = REFERENCE_MS) {
  if (!(measuredMs > 0)) return 1;
  return Math.min(MAX_PACE, Math.max(1, Math.ceil((measuredMs / referenceMs) * 10) / 10));
}

/** The pace in the environment (`E2E_PACE`, set by whoever measured it), else 1. */
export function paceFromEnv(env = process.env) {
  const value = Number(env.E2E_PACE);
  return Number.isFinite(value) && value >= 1 ? Math.min(MAX_PACE, value) : 1;
}

/** Measures the pace unless `E2E_PACE` is set already, puts it there for the processes started after, and returns it. */
export async function settlePace(env = process.env) {
  if (env.E2E_PACE) return { pace: paceFromEnv(env), measuredMs: null };
  const measuredMs = await measureMs();
  const pace = paceOf(measuredMs);
  env.E2E_PACE = String(pace);
  return { pace, measuredMs };
}
