import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { documentedErrorCoverage } from './fakes-coverage';

const baseline = (
  JSON.parse(readFileSync(path.join(import.meta.dirname, 'fakes-coverage-baseline.json'), 'utf8')) as { missing: Record<string, string[]> }
).missing;
const rows = documentedErrorCoverage();
const key = (row: { marketplace: string; operationId: string }) => `${row.marketplace} ${row.operationId}`;

describe('every documented error has a rule', () => {
  it('reads the operations the app calls on eBay, Etsy and Shopify, with their documented errors', () => {
    const ops = new Set(rows.map(key));
    for (const op of [
      'ebay createDestination',
      'ebay createSubscription',
      'ebay updateConfig',
      'ebay getItemAspectsForCategory',
      'etsy createDraftListing',
    ])
      expect(ops).toContain(op);
    expect(rows.find((row) => key(row) === 'shopify graphql (any query or mutation)')?.enforced).toEqual([
      'MAX_COST_EXCEEDED',
      'THROTTLED',
    ]);
  });

  it('no documented error becomes missing: each missing one is in the baseline, which may only shrink', () => {
    const lost = rows.flatMap((row) =>
      row.missing.filter((code) => !(baseline[key(row)] ?? []).includes(code)).map((code) => `${key(row)} ${code}`),
    );
    expect(lost).toEqual([]);
  });

  it('the Notification and Taxonomy operations miss nothing (195003, the challenge, 62006 vs 62009)', () => {
    const notification = rows.filter((row) =>
      /^(getConfig|updateConfig|getDestinations|createDestination|updateDestination|getSubscriptions|createSubscription|enableSubscription|getPublicKey|getDefaultCategoryTreeId|getCategorySuggestions|getItemAspectsForCategory)$/.test(
        row.operationId,
      ),
    );
    expect(notification).toHaveLength(12);
    expect(notification.flatMap((row) => row.missing.map((code) => `${row.operationId} ${code}`))).toEqual([]);
    expect(rows.find((row) => row.operationId === 'createDestination')?.enforced).toEqual(
      expect.arrayContaining(['195003', '195016', '195017', '195018', '195019', '195020', '195021']),
    );
  });
});
