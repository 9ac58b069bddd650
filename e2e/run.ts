/**
 * The end-to-end suite: builds what production runs (web app and server bundle, each only when its sources changed),
 * then runs Playwright in Debian's Chromium against a fresh data folder. Without a Chromium it prints one line
 * saying so and exits 0, so `npm test` still runs everything else; in CI (CI=true) a missing Chromium fails.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { settlePace } from '../scripts/machine-pace.mjs';
import { chromiumPath, withoutChromium } from './support/chromium';
import { e2eEnv } from './support/e2e-env';

const browser = chromiumPath();
if (!browser) {
  const { exitCode, message } = withoutChromium(process.env);
  (exitCode ? console.error : console.log)(message);
  process.exit(exitCode);
}

const run = (cmd: string, args: string[]) => spawnSync(cmd, args, { stdio: 'inherit', cwd: e2eEnv.root, env: process.env }).status ?? 1;

// The timeouts' factor (decision 185), measured before the build and the servers start, unless the caller did.
const { pace, measuredMs } = await settlePace();
if (measuredMs !== null) console.log(`e2e: machine pace ${pace} (the workload in ${measuredMs.toFixed(0)} ms)`);
if (process.env.E2E_SKIP_BUILD !== '1' && run(process.execPath, ['scripts/build.mjs', '--if-changed']) !== 0) process.exit(1);
rmSync(e2eEnv.dataDir, { recursive: true, force: true });
rmSync(`${e2eEnv.dataDir}-basic`, { recursive: true, force: true });
// The app servers' logs (playwright.config.ts): each run's own.
for (const log of [`${e2eEnv.dataDir}.log`, `${e2eEnv.dataDir}-basic.log`]) rmSync(log, { force: true });
mkdirSync(path.dirname(e2eEnv.dataDir), { recursive: true });
process.exit(run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...process.argv.slice(2)]));
