import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every deadline a Vitest file writes follows the machine’s pace (decision 185), as Vitest's default timeouts do
 * (vitest.config.ts): a test's or a hook's timeout, and a wait's (`expect.poll`, `vi.waitFor`, `findBy…`). A fixed one
 * fails a test that is only slow: on a machine at pace 2.6, the kill -9 trials of a fan-out and the seller simulator ran
 * out of their 120 s and 60 s beside the browser suite. Write `paced(60_000)` (`@shared/testing/pace`).
 */
const root = path.resolve(import.meta.dirname, '..');

/** The lines of `source` that write a deadline in milliseconds without `paced(`. */
function unpacedDeadlines(source: string): string[] {
  return source.split('\n').filter(
    (line) =>
      !line.includes('paced(') &&
      // `{ timeout: 30_000 }`, `timeout: TRIALS * 120_000,` (an option of a test, a hook or a wait)
      (/\btimeout: [A-Z0-9_][\w *+]*\d{3}\b/.test(line) ||
        // `}, 120_000);` closing a test or a hook
        /^\s*\}\)?, [\d_]{4,}\);$/.test(line)),
  );
}

describe('paced deadlines', () => {
  it('finds a fixed timeout of a test, a hook and a wait, and lets a paced one be', () => {
    expect(unpacedDeadlines("it('x', { timeout: 60_000 }, async () => {});")).toHaveLength(1);
    expect(unpacedDeadlines('  { timeout: TRIALS * 120_000 },')).toHaveLength(1);
    expect(unpacedDeadlines('}, 120_000);')).toHaveLength(1);
    expect(unpacedDeadlines('await expect.poll(read, { timeout: 30_000, interval: 100 }).toBe(1);')).toHaveLength(1);
    expect(unpacedDeadlines("it('x', { timeout: paced(60_000) }, async () => {});\n}, paced(120_000));")).toEqual([]);
    expect(unpacedDeadlines('}, 5);')).toEqual([]);
  });

  it('every Vitest file under src paces its deadlines', () => {
    const files = execFileSync('git', ['ls-files', 'src/**/*.test.ts', 'src/**/*.test.tsx', 'src/server/test/*.ts'], {
      cwd: root,
      encoding: 'utf8',
    })
      .split('\n')
      .filter(Boolean);
    expect(files.length).toBeGreaterThan(100);
    const fixed = files.flatMap((file) =>
      unpacedDeadlines(readFileSync(path.join(root, file), 'utf8')).map((line) => `${file}: ${line.trim()}`),
    );
    expect(fixed).toEqual([]);
  });

  it('every browser spec and its support paces its deadlines (e2e/support/pace.ts)', () => {
    const files = execFileSync('git', ['ls-files', 'e2e/*.ts', 'e2e/**/*.ts'], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
    expect(files.length).toBeGreaterThan(50);
    const fixed = files.flatMap((file) =>
      unpacedDeadlines(readFileSync(path.join(root, file), 'utf8')).map((line) => `${file}: ${line.trim()}`),
    );
    expect(fixed).toEqual([]);
  });
});
