import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseTestFiles } from './database-test-files.ts';

const root = path.resolve(import.meta.dirname, '..');
const scratch = mkdtempSync(path.join(tmpdir(), 'database-test-files-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function tree(files: Record<string, string>) {
  const dir = mkdtempSync(path.join(scratch, 'tree-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

describe('the server test files that run on PostgreSQL as well (decision 074)', () => {
  it('takes every file that opens a database, through any chain of imports, and no file that does not', () => {
    const dir = tree({
      'src/server/db/client.ts': 'export function openDatabase() {}',
      'src/server/test/test-app.ts': "import { openDatabase } from '../db/client';",
      'src/server/items/uses-app.test.ts': "import { createTestApp } from '../test/test-app';",
      'src/server/items/later.test.ts': "it('x', async () => { await import('../test/test-app.js'); });",
      'src/server/items/types-only.test.ts': "import type { Database } from '../db/client';\nimport { x } from '@shared/pure';",
      'src/shared/pure.ts': 'export const x = 1;',
      'src/server/items/cycle-a.ts': "import { b } from './cycle-b';\nexport const a = 1;",
      'src/server/items/cycle-b.ts': "import { a } from './cycle-a';\nexport { openDatabase } from '../db/client';",
      'src/server/items/through-cycle.test.ts': "import { a } from './cycle-a';",
      'src/server/items/names-it.test.ts': 'const url = process.env.TEST_DATABASE_URL;',
      'src/server/items/pure.test.ts': "import { x } from '@shared/pure';\nimport { z } from 'zod';",
    });
    expect(databaseTestFiles(dir)).toEqual(
      ['later', 'names-it', 'through-cycle', 'uses-app'].map((name) => path.join('src', 'server', 'items', `${name}.test.ts`)),
    );
  });

  it('in this repository: every test that opens a test app or database is taken; pure checks run once', () => {
    const taken = databaseTestFiles(root);
    const opensOne = /\b(createTestApp|openTestDatabase|createEmptyPostgresDatabase|openDatabase)\(/;
    const opening = testFilesUnder(path.join(root, 'src', 'server')).filter((file) => opensOne.test(readFileSync(file, 'utf8')));
    expect(opening.length).toBeGreaterThan(10);
    for (const file of opening) expect(taken).toContain(path.relative(root, file));
    expect(taken).toContain(path.join('src', 'server', 'test', 'kill-during-jobs.test.ts'));
    expect(taken).not.toContain(path.join('src', 'server', 'channels', 'ebay', 'publish', 'preflight.test.ts'));
  });
});

function testFilesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFilesUnder(full);
    return entry.name.endsWith('.test.ts') ? [full] : [];
  });
}
