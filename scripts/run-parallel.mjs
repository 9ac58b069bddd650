/**
 * `node scripts/run-parallel.mjs typecheck lint format:check licences 'build -- --if-changed'`: runs those npm scripts at the
 * same time (decision 088). Each is one process on one core (tsc, type-aware eslint, prettier, vite and esbuild), so
 * on the 2-core CI machine two of them run at once instead of one after the other. Vitest beside them was slower
 * (decision 145). Each script's output is held and
 * printed in one block when it ends, with its time; the exit code is 1 if any failed, once all have ended (so one
 * run shows every failure). Plain JavaScript: it runs before anything is built.
 */
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('usage: node scripts/run-parallel.mjs <npm script> [<npm script> ...]');
  process.exit(2);
}

/** One npm script (with its arguments after the name, split on spaces): its exit code, output and seconds. */
function runScript(script) {
  const started = performance.now();
  const [name, ...args] = script.split(' ').filter(Boolean);
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', name, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('error', (error) => chunks.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code, signal) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const output = Buffer.concat(chunks).toString();
      const status = code === 0 ? 'ok' : `failed (${signal ?? `exit ${code}`})`;
      process.stdout.write(`\n> npm run ${script}: ${status} in ${seconds} s\n${output}${output && !output.endsWith('\n') ? '\n' : ''}`);
      resolve(code === 0 ? 0 : 1);
    });
  });
}

const codes = await Promise.all(scripts.map(runScript));
const failed = scripts.filter((_, i) => codes[i] !== 0);
if (failed.length) console.error(`\nrun-parallel: ${failed.join(', ')} failed`);
process.exit(failed.length ? 1 : 0);
