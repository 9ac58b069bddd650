/**
 * `npm run simulate -- --runs 10000 --seed 42`: the seller simulator (decision 128) for as long as asked.
 * SIM_RUNS and SIM_SEED do the same; PGlite unless TEST_DB_DRIVER=postgres with TEST_DATABASE_URL. `--no-shrink` stops at
 * the first failing sequence and prints it whole (shrinking replays it many times: long on a loaded machine);
 * `--depop-weeks` opens every week with Depop connected, its offer rule on and a cost (runner.ts, `depopWeeks`).
 */
import { simStats } from './commands';
import { depopReport, runSimulation } from './runner';

const arg = (name: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
};
const runs = Number(arg('runs') ?? process.env.SIM_RUNS ?? 100);
const seed = Number(arg('seed') ?? process.env.SIM_SEED ?? Date.now() % 2 ** 31);
const maxCommands = Number(arg('max-commands') ?? process.env.SIM_MAX_COMMANDS ?? 14);

const startedAt = Date.now();
console.log(`seller simulator: ${runs} sequences, seed ${seed}, at most ${maxCommands} steps each`);
const result = await runSimulation({
  runs,
  seed,
  maxCommands,
  path: arg('path'),
  noShrink: process.argv.includes('--no-shrink'),
  depopWeeks: process.argv.includes('--depop-weeks'),
  onSequence: (done, so) => {
    if (done % 10 === 0)
      console.log(
        `${done} sequences (${so.steps} steps), ${Math.round((Date.now() - startedAt) / 1000)} s; on Depop: ${depopReport(so.depop)}`,
      );
  },
});
console.log(`${result.sequences} sequences (${result.steps} steps) in ${Math.round(result.ms / 1000)} s, seed ${seed}`);
console.log(`done: ${JSON.stringify(simStats)}`);
console.log(`on Depop, of ${result.sequences} sequences: ${depopReport(result.depop)}`);
if (result.failure) {
  console.log(result.failure);
  process.exitCode = 1;
} else console.log('every invariant held');
// The app's timers (the token keeper, the pools) would keep a finished run waiting for ever.
process.exit();
