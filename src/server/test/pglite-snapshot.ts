import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const migrationsFolder = path.join(root, 'src/server/db/migrations');

/** A hash of the migrations' files and PGlite's version: a snapshot or template made from other ones is never used. */
export function migrationsKey(): string {
  const hash = createHash('sha256');
  hash.update(JSON.parse(readFileSync(path.join(root, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')).version);
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else hash.update(entry.name).update(readFileSync(file));
    }
  };
  walk(migrationsFolder);
  return hash.digest('hex').slice(0, 16);
}

/**
 * A dump of an in-memory PGlite with every migration applied, made once per machine and migrations (a file in the
 * temporary folder), for `openTestDatabase`: loading it costs about a second of CPU where initdb and the migrations
 * cost several, once per test file (decision 088). The file lands under a temporary name and is renamed into
 * place, so two workers making it at once, or a run killed half-way, never leave a partial one.
 */
export async function migratedPgliteSnapshot(): Promise<Blob> {
  const file = path.join(tmpdir(), `resale-studio-pglite-${migrationsKey()}.tar`);
  if (!existsSync(file)) {
    const client = new PGlite();
    try {
      await migrate(drizzle(client), { migrationsFolder });
      const dump = await client.dumpDataDir('none');
      const partial = `${file}.${process.pid}-${randomBytes(4).toString('hex')}`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      try {
        renameSync(partial, file);
      } finally {
        rmSync(partial, { force: true });
      }
    } finally {
      await client.close();
    }
  }
  return new Blob([readFileSync(file)]);
}
