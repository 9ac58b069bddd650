import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A built web app in miniature (index.html only), so the app registers its web routes as in production. */
export function miniWebApp(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'rs-web-'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><title>Resale Studio</title></head><body><div id="root"></div></body></html>',
  );
  return dir;
}
