/**
 * The test files that replace a module with `vi.mock`: they run isolated, with modules of their own, while the rest of
 * the server's files share a worker's modules (decision 137). Scanned from the source, so a new one is placed by itself.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const MOCKS = /\bvi\.(?:mock|doMock)\(/;
const TEST_FILE = /\.test\.(?:ts|tsx|mjs)$/;

/** The test files under `dirs` (relative to `root`) that call vi.mock, as paths relative to `root`. */
export function mockingTestFiles(root: string, dirs: string[]): string[] {
  return dirs
    .flatMap((dir) => readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' }).map((file) => path.join(dir, file)))
    .filter((file) => TEST_FILE.test(file) && !file.includes('node_modules'))
    .filter((file) => MOCKS.test(readFileSync(path.join(root, file), 'utf8')))
    .sort();
}
