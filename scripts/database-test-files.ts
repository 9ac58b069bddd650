/**
 * Which server test files reach the database, so that only they run a second time on PostgreSQL (decision 074): a
 * file that never opens a database passes or fails the same on either, and its second run only costs CI time.
 *
 * A test file reaches the database when what it imports (values, not `import type`; static or dynamic; followed
 * through relative paths and the `@shared/` alias) includes `src/server/db/client.ts`, where every database is opened,
 * or when it or one of those modules names TEST_DB_DRIVER or TEST_DATABASE_URL itself. The scan is over the source
 * text, so a new test is placed without anyone listing it.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const DATABASE_MODULE = path.join('src', 'server', 'db', 'client.ts');
const NAMES_THE_DATABASE = /\bTEST_DB_DRIVER\b|\bTEST_DATABASE_URL\b/;

/** `import x from '…'`, `export … from '…'`, `import '…'` and `import('…')`, but not `import type` / `export type`. */
const SPECIFIERS = [
  /^\s*import\s+(?!type\s)(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm,
  /^\s*export\s+(?!type\s)[^'";]*?\s+from\s+['"]([^'"]+)['"]/gm,
  /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
  /\bvi\.mock\(\s*['"]([^'"]+)['"]/g,
];

const EXTENSIONS = ['', '.ts', '.tsx', '.mts', '.mjs', '.js', '/index.ts', '/index.tsx'];

function resolveImport(root: string, from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith('@shared/')) base = path.join(root, 'src', 'shared', specifier.slice('@shared/'.length));
  else if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier);
  else return null; // a package: never this repository's database module
  const candidates = [base, base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx')];
  for (const candidate of candidates)
    for (const ext of EXTENSIONS) {
      const file = candidate + ext;
      if (existsSync(file) && statSync(file).isFile()) return file;
    }
  return null;
}

/** The test files under `dir` (relative to `root`) that reach the database, as paths relative to `root`. */
export function databaseTestFiles(root: string, dir = path.join('src', 'server')): string[] {
  const database = path.join(root, DATABASE_MODULE);
  const modules = new Map<string, { namesDatabase: boolean; imports: string[] }>();
  const read = (file: string) => {
    let module = modules.get(file);
    if (!module) {
      const source = readFileSync(file, 'utf8');
      const imports = SPECIFIERS.flatMap((pattern) => [...source.matchAll(pattern)].map((m) => resolveImport(root, file, m[1]!)));
      module = { namesDatabase: NAMES_THE_DATABASE.test(source), imports: imports.filter((f): f is string => f !== null) };
      modules.set(file, module);
    }
    return module;
  };
  const reachesDatabase = (test: string) => {
    const seen = new Set([test]);
    const queue = [test];
    for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
      if (file === database) return true;
      const module = read(file);
      if (module.namesDatabase) return true;
      for (const next of module.imports) {
        if (seen.has(next)) continue;
        seen.add(next);
        queue.push(next);
      }
    }
    return false;
  };
  return listTestFiles(path.join(root, dir))
    .filter(reachesDatabase)
    .map((file) => path.relative(root, file))
    .sort();
}

function listTestFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : listTestFiles(full);
    return /\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}
