import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inputsHash } from './build.mjs';

describe('inputsHash (what npm start compares to skip an unchanged build)', () => {
  let base;
  const write = (file, text) => {
    mkdirSync(path.dirname(path.join(base, file)), { recursive: true });
    writeFileSync(path.join(base, file), text);
  };
  beforeEach(() => {
    base = mkdtempSync(path.join(tmpdir(), 'build-inputs-'));
    write('src/server/main.ts', 'start()');
    write('src/server/db/migrations/0000_init.sql', 'create table t ()');
    write('package-lock.json', '{}');
  });
  afterEach(() => rmSync(base, { recursive: true, force: true }));

  const hash = () => inputsHash(['src/server', 'package-lock.json', 'tsconfig.json'], base);

  it('stays the same when nothing changed, and a missing input counts as absent', () => {
    expect(hash()).toBe(hash());
  });

  it('changes with a source edit, a new migration, a renamed file or the lock', () => {
    const before = hash();
    write('src/server/main.ts', 'start(); listen()');
    const edited = hash();
    write('src/server/db/migrations/0001_more.sql', 'alter table t add c int');
    const migrated = hash();
    write('package-lock.json', '{"lockfileVersion":3}');
    expect(new Set([before, edited, migrated, hash()]).size).toBe(4);
  });

  it('ignores test files, which are not built', () => {
    const before = hash();
    write('src/server/main.test.ts', 'it()');
    expect(hash()).toBe(before);
  });
});
