import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/**
 * The repository stands alone: its pages (decision records aside: history), code, tests, fakes and benches cite decision records (docs/decisions), never an
 * issue number or a section of a document kept outside it ("issue 61", "spec §5", "DESIGN §10"). Migrations are left
 * as written: a migration never changes once it has run.
 */
describe('the repository stands alone', () => {
  it('cites no issue and no section of a document outside it', () => {
    let found = '';
    try {
      found = execFileSync(
        'git',
        [
          'grep',
          '-n',
          '-I',
          '-E',
          String.raw`\bissue [0-9]+\b|\bspec §|DESIGN(\.md)? ?§`,
          '--',
          'README.md',
          'SECURITY.md',
          'docs',
          ':!docs/decisions',
          'src',
          'e2e',
          'fakes',
          'bench',
          'scripts',
          ':!src/server/db/migrations',
          ':!scripts/stands-alone.test.ts',
        ],
        { cwd: import.meta.dirname + '/..', encoding: 'utf8' },
      );
    } catch (error) {
      // git grep exits 1 when nothing matches.
      if ((error as { status?: number }).status !== 1) throw error;
    }
    expect(found.split('\n').filter(Boolean)).toEqual([]);
  });
});
