/**
 * `npm test`'s second half (decision 153): the browser suite and Vitest at the same time. Each alone leaves a quarter
 * of the 2-core CI machine idle (Playwright's two workers wait on the app server and Chromium's frames, Vitest's on
 * PostgreSQL and the servers its files start), so the two run side by side and fill each other's idle time. Vitest at a
 * lower priority (`nice`) was tried: starved while the browser suite ran, its time-bounded fuzz ran out of time.
 * The browser suite prints as it goes; Vitest's output is kept and printed in one block when it ends. The exit code is
 * 1 if either failed, once both have ended. Plain JavaScript, like run-parallel.mjs.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { stripVTControlCharacters } from 'node:util';
import { performance } from 'node:perf_hooks';
import { settlePace } from './machine-pace.mjs';

function run(label, command, args, { quiet }) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', quiet ? 'pipe' : 'inherit', quiet ? 'pipe' : 'inherit'], env: process.env });
    const chunks = [];
    if (quiet) {
      child.stdout.on('data', (chunk) => chunks.push(chunk));
      child.stderr.on('data', (chunk) => chunks.push(chunk));
    }
    child.on('error', (error) => chunks.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code, signal) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const status = code === 0 ? 'ok' : `failed (${signal ?? `exit ${code}`})`;
      const output = Buffer.concat(chunks).toString();
      process.stdout.write(`\n> ${label}: ${status} in ${seconds} s\n${output}${output && !output.endsWith('\n') ? '\n' : ''}`);
      resolve(code === 0 ? 0 : 1);
    });
  });
}

console.log("test-suites: the browser suite and Vitest at once; Vitest's output follows when it ends");
// Measured here, before either starts (each would slow the other's measure): the browser suite's timeouts follow it.
const { pace, measuredMs } = await settlePace();
console.log(`test-suites: machine pace ${pace}${measuredMs === null ? ' (E2E_PACE)' : ` (the workload in ${measuredMs.toFixed(0)} ms)`}`);
const codes = await Promise.all([
  run('npm run test:e2e', 'npm', ['run', 'test:e2e'], { quiet: false }),
  run('npm run test:unit', 'npm', ['run', 'test:unit'], { quiet: true }),
]);
/**
 * The browser suite's failures again, last: its live output comes first and Vitest's block after it, so a CI log that
 * keeps only its tail would otherwise never name the failing spec.
 */
function browserFailures() {
  const report = ['e2e/.artifacts/report.json', '.artifacts/report.json'].find((path) => existsSync(path));
  if (!report) return [];
  const failures = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        for (const result of test.results ?? [])
          if (result.status !== 'passed' && result.status !== 'skipped') {
            const message = stripVTControlCharacters(result.error?.message ?? result.errors?.[0]?.message ?? '');
            const from = Date.parse(result.startTime);
            const log = serverLinesBetween(from, from + (result.duration ?? 0));
            failures.push(
              `  ${test.projectName} › ${spec.file}:${spec.line} › ${spec.title} (${result.status})\n    ${message.split('\n').slice(0, 12).join('\n    ')}${log}`,
            );
          }
    for (const child of suite.suites ?? []) walk(child);
  };
  try {
    for (const suite of JSON.parse(readFileSync(report, 'utf8')).suites ?? []) walk(suite);
  } catch (error) {
    return [`  (could not read ${report}: ${error.message})`];
  }
  return failures;
}

/**
 * What the app servers logged (warnings and errors: playwright.config.ts keeps their logs beside their data) while a
 * failing test ran, at most 30 lines: a job that failed and waited for its retry is seen there, not in the browser.
 */
function serverLinesBetween(from, to) {
  if (!Number.isFinite(from)) return '';
  const dataDir = process.env.E2E_DATA_DIR ?? 'e2e/.artifacts/data';
  const lines = [];
  for (const [server, file] of [
    ['app', `${dataDir}.log`],
    ['basic app', `${dataDir}-basic.log`],
  ]) {
    if (!existsSync(file)) continue;
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      let entry;
      try {
        entry = JSON.parse(line);
      } catch {
        continue;
      }
      if (typeof entry.time === 'number' && entry.time >= from && entry.time <= to) lines.push(`${server}: ${line.slice(0, 400)}`);
    }
  }
  if (!lines.length) return '';
  const shown = lines.slice(-30);
  return `\n    The servers' log meanwhile${lines.length > shown.length ? ` (the last ${shown.length} of ${lines.length} lines)` : ''}:\n      ${shown.join('\n      ')}`;
}

if (codes[0]) {
  const failures = browserFailures();
  if (failures.length) console.error(`\ntest-suites: the browser suite's failures\n${failures.join('\n')}`);
}
if (codes.some(Boolean)) {
  console.error(`\ntest-suites: ${['test:e2e', 'test:unit'].filter((_, i) => codes[i]).join(', ')} failed`);
  process.exit(1);
}
