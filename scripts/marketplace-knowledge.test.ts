import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiChannels, type ApiChannel } from '../src/shared/domain/channel-listing.ts';
import { ceiling, filesKnowing, knows, registries } from './marketplace-knowledge.ts';

/**
 * No file outside a marketplace's own folders knows it, the registries aside (decision 173). The goal is at most 3
 * files each (`ceiling`). Until a marketplace is down to it, marketplace-knowledge-baseline.json lists the files that
 * still know it, and that list may only shrink: a file not on it that imports the marketplace or names it in a string
 * fails, and so does a file on it that no longer knows it (take it off the list). Move a marketplace's piece into its
 * own folder and have the core ask the registry instead of listing a file here.
 */
const root = path.resolve(import.meta.dirname, '..');
const baseline = (
  JSON.parse(readFileSync(path.join(import.meta.dirname, 'marketplace-knowledge-baseline.json'), 'utf8')) as {
    files: Record<ApiChannel, string[]>;
  }
).files;
const found = filesKnowing();

describe('what counts as knowing a marketplace', () => {
  it.each([
    ['an import from its folder', "import { ebayChannel } from './ebay/module';\n"],
    ['an import from its contract', "import type { EbayListing } from '@shared/contracts/ebay-listing';\n"],
    ['a type imported from it', "type Listing = import('../channels/ebay/listing').Listing;\n"],
    ['its id in a string', "export const channels = ['ebay'];\n"],
    ['its name in a sentence', 'export const words = `Published on eBay`;\n'],
    ['its name in a page', 'export const Badge = () => <span>Still live on eBay</span>;\n'],
    ['its id as a key', "export const colours = { ebay: 'blue' };\n"],
    ['its id as a property', 'export const builder = (config: { ebay: string }) => config.ebay;\n'],
  ])('%s', (_what, source) => {
    expect(knows('probe.tsx', source, 'ebay')).toBe(true);
  });

  it.each([
    ['a comment', "// eBay's listing\n/** Ends it on eBay. */\nexport const x = 1;\n"],
    ['an identifier that only starts with it', 'export const ebayListing = 1;\n'],
    ['a word that only contains it', "export const word = 'ebayish';\n"],
  ])('not %s', (_what, source) => {
    expect(knows('probe.ts', source, 'ebay')).toBe(false);
  });
});

describe('no file outside a marketplace’s folders knows it, the registries aside', () => {
  it('exempts only registries that exist and know a marketplace', () => {
    for (const file of Object.keys(registries)) {
      expect(existsSync(path.join(root, file)), file).toBe(true);
      const source = readFileSync(path.join(root, file), 'utf8');
      expect(
        apiChannels.some((marketplace) => knows(file, source, marketplace)),
        file,
      ).toBe(true);
    }
  });

  it.each(apiChannels)('%s: no new file knows it (baseline: only shrinks, goal: at most 3)', (marketplace) => {
    const listed = baseline[marketplace] ?? [];
    const unlisted = found[marketplace].filter((file) => !listed.includes(file));
    expect(
      found[marketplace].length <= ceiling ? [] : unlisted,
      `these files know ${marketplace} outside its folders: move the piece into its folder and ask the registry`,
    ).toEqual([]);
  });

  it.each(apiChannels)('%s: every file the baseline lists still knows it (else take it off the list)', (marketplace) => {
    expect(
      (baseline[marketplace] ?? []).filter((file) => !found[marketplace].includes(file)),
      'these files no longer know it: remove them from scripts/marketplace-knowledge-baseline.json',
    ).toEqual([]);
  });
});
