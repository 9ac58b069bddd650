import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The spec files that run on one project only (decision 074): those whose first lines skip every test off the
 * phone (`test.skip(({ isMobile }) => !isMobile, …)` at file level), or off the desktop (`… => isMobile, …`). The
 * other project ignores them rather than starting their workers only to skip them. Read from the files themselves,
 * so a new phone-only spec needs no list kept by hand.
 */
const FILE_LEVEL_SKIP = /^test\.skip\(\(\{ isMobile \}\) => (!?)isMobile\b/m;

export function oneProjectSpecs(dir: string): { phoneOnly: string[]; desktopOnly: string[] } {
  const phoneOnly: string[] = [];
  const desktopOnly: string[] = [];
  for (const name of readdirSync(dir)
    .filter((file) => file.endsWith('.spec.ts'))
    .sort()) {
    const skip = FILE_LEVEL_SKIP.exec(readFileSync(path.join(dir, name), 'utf8'));
    if (skip) (skip[1] === '!' ? phoneOnly : desktopOnly).push(name);
  }
  return { phoneOnly, desktopOnly };
}
