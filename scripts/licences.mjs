/**
 * `npm run licences`: every package the app runs with (the production dependencies and theirs, every platform's
 * optional binaries too, as package-lock.json lists them: each entry not marked `dev`) is under a licence the
 * project's MIT licence can ship beside, or was reviewed and is listed below with the reason. A copyleft licence
 * (GPL, AGPL, SSPL), an unknown one or a reviewed package whose licence changed fails, naming the package.
 * The licence is read from the lockfile, else from the installed package's package.json. Plain JavaScript: it runs
 * in `npm run checks` before anything is built.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** Permissive licences (SPDX ids): their terms ask for the notice to be kept, nothing of the work they are in. */
export const allowedLicences = new Set([
  '0BSD',
  'Apache-2.0',
  'BlueOak-1.0.0',
  'BSD-2-Clause',
  'BSD-3-Clause',
  'CC0-1.0',
  'ISC',
  'MIT',
  'MIT-0',
  'Python-2.0',
  'Unlicense',
  'Zlib',
]);

/**
 * Packages under another licence, reviewed: the name (a trailing `*` matches any ending), the exact licence
 * reviewed (another one fails again) and why it may ship with an MIT app.
 */
export const reviewedPackages = [
  {
    name: '@img/sharp-libvips-*',
    licence: 'LGPL-3.0-or-later',
    reason: "libvips, sharp's prebuilt shared library, loaded unmodified and replaceable as the LGPL asks; its notice ships in the package",
  },
  {
    name: '@img/sharp-win32-*',
    licence: 'Apache-2.0 AND LGPL-3.0-or-later',
    reason: 'sharp (Apache-2.0) with libvips (LGPL) beside it as a separate, unmodified library',
  },
  {
    name: '@img/sharp-wasm32',
    licence: 'Apache-2.0 AND LGPL-3.0-or-later AND MIT',
    reason: "sharp's WebAssembly build: sharp (Apache-2.0) and libvips (LGPL) used unmodified as a library",
  },
  {
    name: 'libheif-js',
    licence: 'LGPL-3.0',
    reason: 'HEIC decoding, used unmodified as a separate module the app imports; the LGPL lets an MIT app use a library so',
  },
  {
    name: 'web-push',
    licence: 'MPL-2.0',
    reason: "file-level copyleft: the package's own files stay MPL and unmodified; MPL-2.0 allows a larger work under another licence",
  },
  {
    name: 'js-clipper',
    licence: 'boost',
    reason:
      "Clipper's polygon offsetting, which the label reader's text detection (@gutenye/ocr-common) grows its text boxes with: the Boost Software License 1.0 (permissive, the notice kept), named 'boost' in place of its SPDX id BSL-1.0",
  },
  {
    name: 'lightningcss*',
    licence: 'MPL-2.0',
    reason: "Vite's CSS transformer, run unmodified at build time; MPL-2.0 is file-level and allows a larger work under another licence",
  },
];

/** Splits an SPDX expression into its tokens: parentheses, AND, OR, WITH and licence ids. */
function tokens(expression) {
  return expression.replace(/[()]/g, ' $& ').split(/\s+/).filter(Boolean);
}

/**
 * Whether an SPDX licence expression lets the package ship with the project: `A OR B` when either is allowed,
 * `A AND B` when both are, a licence `WITH` an exception only when that whole pair is allowed. Anything that is not
 * an expression (a missing licence, "UNLICENSED", "SEE LICENSE IN ...") is not allowed.
 */
export function licenceAllowed(expression, allowed = allowedLicences) {
  if (typeof expression !== 'string' || !expression.trim()) return false;
  const list = tokens(expression);
  let at = 0;
  const fail = () => {
    throw new Error(`not an SPDX expression: ${expression}`);
  };
  const atom = () => {
    const token = list[at++];
    if (token === '(') {
      const value = or();
      if (list[at++] !== ')') fail();
      return value;
    }
    if (!token || ['AND', 'OR', 'WITH', ')'].includes(token)) fail();
    if (list[at] === 'WITH') {
      at += 1;
      const exception = list[at++];
      if (!exception) fail();
      return allowed.has(`${token} WITH ${exception}`);
    }
    return allowed.has(token);
  };
  const and = () => {
    let value = atom();
    while (list[at] === 'AND') {
      at += 1;
      value = atom() && value;
    }
    return value;
  };
  const or = () => {
    let value = and();
    while (list[at] === 'OR') {
      at += 1;
      value = and() || value;
    }
    return value;
  };
  try {
    const value = or();
    return at === list.length && value;
  } catch {
    return false;
  }
}

/** A package.json's licence as one SPDX expression: `license`, its old object form, or the old `licenses` list. */
export function licenceOf(manifest) {
  const licence = manifest?.license;
  if (typeof licence === 'string') return licence;
  if (licence && typeof licence.type === 'string') return licence.type;
  if (Array.isArray(manifest?.licenses)) {
    const types = manifest.licenses.map((l) => (typeof l === 'string' ? l : l?.type)).filter((t) => typeof t === 'string');
    if (types.length) return types.length === 1 ? types[0] : `(${types.join(' OR ')})`;
  }
  return null;
}

const matches = (pattern, name) => (pattern.endsWith('*') ? name.startsWith(pattern.slice(0, -1)) : pattern === name);

/** The package's name from its lockfile key (`node_modules/a/node_modules/@b/c` is `@b/c`), unless the entry names it. */
const nameOf = (key, entry) => entry.name ?? key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length);

/**
 * The runtime packages of a package-lock.json (v2 or v3) that may not ship: each with its name, where it is, its
 * licence (null when none is said) and why it is refused. `readManifest(key)` gives an installed package's
 * package.json, for entries whose lockfile record has no licence.
 */
export function licenceProblems(lock, { readManifest = () => null, allowed = allowedLicences, reviewed = reviewedPackages } = {}) {
  const problems = [];
  for (const [key, entry] of Object.entries(lock.packages ?? {})) {
    if (!key || entry.dev || entry.link) continue;
    const name = nameOf(key, entry);
    const licence = entry.license !== undefined ? licenceOf(entry) : licenceOf(readManifest(key));
    if (licenceAllowed(licence, allowed)) continue;
    const review = reviewed.find((r) => matches(r.name, name));
    if (review && review.licence === licence) continue;
    const why = review
      ? `reviewed under ${review.licence}, now ${licence ?? 'no licence'}`
      : licence
        ? `${licence} is not on the allow-list`
        : 'no licence';
    problems.push({ name, key, licence, why });
  }
  return problems;
}

/** Reads the project's lockfile (and installed manifests where the lockfile says no licence) and checks it. */
export function checkProject(root) {
  const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
  const readManifest = (key) => {
    try {
      return JSON.parse(readFileSync(path.join(root, key, 'package.json'), 'utf8'));
    } catch {
      return null;
    }
  };
  const runtime = Object.entries(lock.packages ?? {}).filter(([key, entry]) => key && !entry.dev && !entry.link).length;
  return { runtime, problems: licenceProblems(lock, { readManifest }) };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { runtime, problems } = checkProject(path.join(import.meta.dirname, '..'));
  if (problems.length) {
    console.error(`licences: ${problems.length} of ${runtime} runtime packages may not ship with an MIT app:`);
    for (const p of problems) console.error(`  ${p.name} (${p.key}): ${p.why}`);
    console.error('Replace the package, or review its licence and list it in scripts/licences.mjs with the reason.');
    process.exit(1);
  }
  console.log(`licences: ${runtime} runtime packages, every licence allowed or reviewed`);
}
