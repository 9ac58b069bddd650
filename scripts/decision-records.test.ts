import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The decision records stay true (docs/decisions/README.md): each opens with its status; a superseded one links the
 * record that supersedes it; and a record in force (current, or superseded in part) cites only files that exist,
 * so a newcomer following one lands on the code it names. A record wholly superseded is history and may name what
 * has since moved.
 */
const root = path.join(import.meta.dirname, '..');
const decisions = 'docs/decisions';

const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0').filter(Boolean);
const folders = new Set(tracked.flatMap((file) => file.split('/').map((_, i, parts) => parts.slice(0, i).join('/'))).filter(Boolean));
const exists = (file: string) => tracked.includes(file) || folders.has(file);
/** A path from the root, or from inside the tree (`sales/sales.ts` for src/server/sales/sales.ts): some file ends with it. */
const existsBelow = (tail: string) =>
  exists(tail) || tracked.some((file) => file.endsWith(`/${tail}`)) || [...folders].some((folder) => folder.endsWith(`/${tail}`));

/** What the build and the test runs write (git-ignored): named by records as where output goes, never committed. */
const written = /^(dist|e2e\/\.artifacts|\.artifacts|data)\//;

/**
 * Names in records in force that are not files of this repository, each with why. Anything else cited must exist.
 */
const notInTheRepository: { record: string; cited: string; why: string }[] = [
  { record: '101', cited: 'specs/baseline.json', why: "a file of another public repository, named with that repository's name" },
  { record: '101', cited: 'spec/etsy-openapi.json', why: "a file of another public repository, named with that repository's name" },
  { record: '134', cited: 'spec/listings-and-ebay.md', why: 'the product specification the project was built from, kept outside it' },
  { record: '123', cited: 'sw.js', why: 'the service worker the build writes' },
  { record: '050', cited: 'oas/3.0.0.json', why: "the name of Etsy's own document on Etsy's site, of which contracts/etsy holds a copy" },
];

const extensions = /[\w-]\.(ts|tsx|mts|mjs|cjs|js|json|md|sql|yml|yaml|css|html|sh)$/;

interface DecisionRecord {
  file: string;
  number: string;
  text: string;
  status: string | null;
}

const records: DecisionRecord[] = readdirSync(path.join(root, decisions))
  .filter((file) => /^\d{3}.*\.md$/.test(file))
  .sort()
  .map((file) => {
    const text = readFileSync(path.join(root, decisions, file), 'utf8');
    // The opening: the title and what comes before the first section.
    const opening = text.split(/^## /m)[0]!;
    return { file, number: file.slice(0, 3), text, status: /Status:\s*([^\n]+)/.exec(opening)?.[1]?.trim() ?? null };
  });

/** Wholly superseded (history); "partly superseded" and "superseded in part" records are in force. */
const wholly = (status: string) => /^superseded by\b/i.test(status);

/** The repository files a record cites: its relative links, and the file paths and names it writes in backticks. */
export function citations(text: string): { cited: string; kind: 'link' | 'path' | 'name' }[] {
  const found: { cited: string; kind: 'link' | 'path' | 'name' }[] = [];
  for (const [, target] of text.matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g))
    if (!/^[a-z][a-z+.-]*:/i.test(target!)) found.push({ cited: target!, kind: 'link' });
  for (const [, code] of text.matchAll(/`([^`\s]+)`/g)) {
    // A path, not a pattern, a placeholder, a URL or code (`<name>`, `*.test.ts`, `a:b`, `f(x)`).
    if (/[*<>{}$:|(),=[\]'"]/.test(code!) || !extensions.test(code!)) continue;
    found.push({ cited: code!, kind: code!.includes('/') ? 'path' : 'name' });
  }
  return found;
}

function missing(record: DecisionRecord): string[] {
  const exempt = (cited: string) => notInTheRepository.some((n) => n.record === record.number && n.cited === cited);
  const dead = citations(record.text).filter(({ cited, kind }) => {
    if (exempt(cited)) return false;
    if (kind === 'link') return !exists(path.posix.normalize(path.posix.join(decisions, cited)).replace(/\/$/, ''));
    const clean = cited.replace(/^\.\//, '').replace(/\/$/, '');
    if (written.test(clean)) return false;
    if (kind === 'name') return !tracked.some((file) => file === clean || file.endsWith(`/${clean}`));
    return !existsBelow(clean);
  });
  return [...new Set(dead.map(({ cited }) => `${record.file}: ${cited}`))];
}

describe('the decision records', () => {
  it('each opens with its status, and a superseded one links the record that supersedes it', () => {
    const known = new Set(records.map((r) => r.file));
    const wrong = records.flatMap((record) => {
      if (!record.status) return [`${record.file}: no "Status:" before its first section`];
      if (!/superseded/i.test(record.status)) return /^current\b/i.test(record.status) ? [] : [`${record.file}: status "${record.status}"`];
      const by = [...record.status.matchAll(/\]\((\d{3}-[^)]+\.md)\)/g)].map(([, file]) => file!);
      if (!by.length) return [`${record.file}: superseded, but by what?`];
      return by.filter((file) => !known.has(file)).map((file) => `${record.file}: superseded by ${file}, which does not exist`);
    });
    expect(wrong).toEqual([]);
  });

  it('in force cite only files that exist', () => {
    const inForce = records.filter((record) => record.status && !wholly(record.status));
    expect(inForce.length).toBeGreaterThan(100);
    expect(inForce.flatMap(missing)).toEqual([]);
  });

  it('exempt no name that is not cited or that exists', () => {
    const stale = notInTheRepository.filter(({ record, cited }) => {
      const text = records.find((r) => r.number === record)?.text ?? '';
      return !citations(text).some((c) => c.cited === cited) || exists(cited);
    });
    expect(stale).toEqual([]);
  });
});

describe('the architecture page, the map a newcomer reads first', () => {
  it('links only files that exist', () => {
    const text = readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');
    const dead = citations(text)
      .filter(({ kind }) => kind === 'link')
      .filter(({ cited }) => !exists(path.posix.normalize(path.posix.join('docs', cited)).replace(/\/$/, '')));
    expect(dead).toEqual([]);
  });
});

describe('citations', () => {
  it('reads relative links, backticked paths and file names; skips URLs, patterns, code and bare words', () => {
    const text = [
      'See [042](042-simulated-ebay.md), [the code](../../src/server/compose.ts#L3) and [eBay](https://developer.ebay.com/x.md).',
      'In `channels/sales.ts` and `compose.ts`, not `*.test.ts`, `<name>.ts`, `f(a.ts)`, `EBAY_US` or `npm test`.',
    ].join('\n');
    expect(citations(text)).toEqual([
      { cited: '042-simulated-ebay.md', kind: 'link' },
      { cited: '../../src/server/compose.ts', kind: 'link' },
      { cited: 'channels/sales.ts', kind: 'path' },
      { cited: 'compose.ts', kind: 'name' },
    ]);
  });
});
