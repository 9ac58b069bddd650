/**
 * Adds package-lock entries for platform-only optional dependencies that npm left out of the lock because this
 * machine's registry has no build for those platforms (e.g. @tailwindcss/oxide-darwin-arm64). Without them
 * `npm ci` refuses the lock ("Missing: ... from lock file"). Each entry carries the os/cpu/libc its name states,
 * so npm skips it here and resolves it from the registry on the platform that needs it.
 * Run after any `npm install` that changes the lock: node scripts/lock-platform-entries.mjs
 */
import { readFileSync, writeFileSync } from 'node:fs';

const lockPath = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
const packages = lock.packages;

const osNames = ['android', 'darwin', 'freebsd', 'linux', 'win32', 'openharmony', 'netbsd', 'openbsd', 'sunos', 'aix'];
const cpuNames = {
  arm64: 'arm64',
  x64: 'x64',
  ia32: 'ia32',
  loong64: 'loong64',
  ppc64: 'ppc64',
  riscv64: 'riscv64',
  s390x: 's390x',
  arm: 'arm',
  wasm32: 'wasm32',
};

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((p) => osNames.includes(p));
  const cpuPart = parts.find((p) => p in cpuNames);
  const libc = parts.some((p) => p.startsWith('musl')) ? 'musl' : parts.some((p) => p.startsWith('gnu')) ? 'glibc' : undefined;
  if (!cpuPart) return undefined;
  return { ...(os ? { os: [os] } : {}), cpu: [cpuNames[cpuPart]], ...(libc ? { libc: [libc] } : {}) };
}

let added = 0;
for (const [path, entry] of Object.entries(packages)) {
  for (const [dep, range] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `node_modules/${dep}`;
    if (packages[key] || packages[`${path}/node_modules/${dep}`]) continue;
    const platform = platformOf(dep);
    if (!platform) continue;
    packages[key] = { version: range.replace(/^[\^~=]/, ''), ...(entry.dev ? { dev: true } : {}), optional: true, ...platform };
    added += 1;
  }
}
lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`lock-platform-entries: added ${added} entries`);
