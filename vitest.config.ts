import { availableParallelism } from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { databaseTestFiles } from './scripts/database-test-files.ts';
import { mockingTestFiles } from './scripts/mocking-test-files.ts';
import { rasterIconsPlugin } from './scripts/vite-raster-icons.ts';
import { paceFromEnv } from './scripts/machine-pace.mjs';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const serverTests = [
  'src/server/**/*.test.ts',
  'src/shared/**/*.test.ts',
  'e2e/support/**/*.test.ts',
  'bench/support/**/*.test.ts',
  'scripts/**/*.test.{mjs,ts}',
  'fakes/**/*.test.ts',
];
// The server's test files share a worker's modules (isolate: false, decision 137): a file no longer imports the whole
// server again, which was a third of the suite's time. A file that replaces a module (vi.mock) runs isolated.
const mocking = mockingTestFiles(import.meta.dirname, ['src/server', 'src/shared', 'e2e/support', 'bench/support', 'scripts', 'fakes']);
// The web's files share a worker's modules the same way: each isolated one paid a second of jsdom and React's imports.
const webTests = ['src/web/**/*.test.{ts,tsx}'];
const webMocking = mockingTestFiles(import.meta.dirname, ['src/web']);

const pace = paceFromEnv(process.env);

export default defineConfig({
  // The raster icons' style sheet (components/raster-icon.tsx imports it).
  plugins: [rasterIconsPlugin()],
  // The same alias as tsconfig.json's paths and vite.config.ts.
  resolve: {
    alias: { '@shared': path.resolve(import.meta.dirname, 'src/shared'), '@': path.resolve(import.meta.dirname, 'src/web') },
  },
  test: {
    // Vitest's default is one worker fewer than the cores: one on the 2-core CI machine, which then idles while a
    // test waits on PostgreSQL, a server it started or a fake's latency (the kill -9 trials wait most of their time on
    // a restarting server). Three there: with two the CPU was busy 1.5 of 2 on average; three ran the suite in 548 s
    // against 640 s, every file passing (decision 144, superseding 110's two).
    maxWorkers: Math.max(3, availableParallelism() - 1),
    // A timeout ends a hung test, it measures no speed: on a slower machine (the pace the suites measured, decision 185)
    // it is that much longer, as the browser suite's are.
    testTimeout: 30_000 * pace,
    // CI also writes each file's and test's time (the slowest files in docs/benchmarks.md, "CI time").
    reporters: process.env.CI ? ['default', ['json', { outputFile: '.artifacts/vitest-report.json' }]] : ['default'],
    hookTimeout: 60_000 * pace,
    // Fails any test that writes to console.error without allowConsoleError(pattern).
    setupFiles: ['src/shared/testing/fail-on-console-error.ts'],
    projects: [
      {
        extends: true as const,
        test: { name: 'pglite', include: serverTests, exclude: mocking, environment: 'node', isolate: false },
      },
      { extends: true as const, test: { name: 'pglite-isolated', include: mocking, environment: 'node' } },
      {
        extends: true as const,
        test: {
          name: 'web',
          include: webTests,
          exclude: webMocking,
          environment: 'jsdom',
          isolate: false,
          // Added to the root's setup files (extends merges the lists).
          setupFiles: ['src/web/test/shared-worker-setup.ts'],
        },
      },
      { extends: true as const, test: { name: 'web-isolated', include: webMocking, environment: 'jsdom' } },
      ...(onPostgres
        ? [
            {
              extends: true as const,
              test: {
                name: 'postgres',
                // Only the files that reach a database: the rest would run the same code a second time (decision 074).
                include: databaseTestFiles(import.meta.dirname),
                exclude: mocking,
                environment: 'node',
                isolate: false,
                env: { TEST_DB_DRIVER: 'postgres' },
              },
            },
          ]
        : []),
    ],
  },
});
