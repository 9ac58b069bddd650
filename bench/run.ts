/**
 * `npm run bench`: runs each benchmark in turn. Every benchmark prints its own ratio against a baseline measured
 * in the same run (never an absolute time), so results compare across machines. BENCH=name runs one.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.dirname(fileURLToPath(import.meta.url));
/** The Node flags `npm start` runs the server with (decision record 014), so the server benches measure that. */
const startScript: string = JSON.parse(readFileSync(path.join(dir, '..', 'package.json'), 'utf8')).scripts.start;
const serverFlags = /node ((?:--[\w-]+=\S+ )*)dist\/server\/main\.js/.exec(startScript)?.[1]?.trim().split(' ').filter(Boolean) ?? [];
const only = process.env.BENCH;
const benches = readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && f !== 'run.ts' && !f.endsWith('.test.ts') && !f.startsWith('_'))
  .filter((f) => !only || f.startsWith(only));

let failed = 0;
for (const file of benches) {
  console.log(`\n=== ${file}`);
  const result = spawnSync(process.execPath, [...serverFlags, '--import', 'tsx', path.join(dir, file)], { stdio: 'inherit' });
  if (result.status !== 0) failed += 1;
}
if (!benches.length || !existsSync(dir)) console.log('no benchmarks found');
process.exit(failed ? 1 : 0);
