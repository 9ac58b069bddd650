import { AppError } from '@shared/errors';

/** How a bundle's price is shared over its items: the same share each, or in proportion to what each should sell for. */
export type BundleSplitRule = 'equal' | 'expected-price';

export interface BundleMember {
  id: string;
  currency: string;
  /**
   * What the item should sell for, in minor units: what one unit sold for (its latest standing sale), else the seller's
   * asking price, else the AI's suggestion; null: none of them.
   */
  expectedMinor: number | null;
}

export interface BundleShare {
  id: string;
  costMinor: number;
}

export const bundleSplitMessages = {
  otherCurrency: (bundleCurrency: string, itemCurrency: string) =>
    `This bundle was paid in ${bundleCurrency} and this item is counted in ${itemCurrency}: a bundle's cost is never converted, so it cannot be split over this item.`,
} as const;

/**
 * Splits `totalMinor` over the members by `rule`, in integer minor units, so the shares always sum to the total:
 * each takes the floor of its exact share and the units left over go one each to the largest remainders (ties to the
 * earlier member). By expected price, a member with none counts as the average of those that have one; when none
 * has one, or all are zero, the split is equal.
 */
export function splitBundleCost(
  total: { amountMinor: number; currency: string },
  members: readonly BundleMember[],
  rule: BundleSplitRule,
): BundleShare[] {
  if (!Number.isSafeInteger(total.amountMinor) || total.amountMinor < 0)
    throw new AppError('BAD_REQUEST', 'A bundle cost is a whole, non-negative number of minor units');
  for (const member of members)
    if (member.currency !== total.currency)
      throw new AppError('BAD_REQUEST', bundleSplitMessages.otherCurrency(total.currency, member.currency));
  if (members.length === 0) return [];
  return largestRemainder(total.amountMinor, weightsOf(members, rule)).map((costMinor, i) => ({
    id: members[i]!.id,
    costMinor,
  }));
}

function weightsOf(members: readonly BundleMember[], rule: BundleSplitRule): number[] {
  if (rule === 'equal') return members.map(() => 1);
  const known = members.map((m) => m.expectedMinor).filter((v): v is number => v !== null && v >= 0);
  const average = known.length === 0 ? 0 : known.reduce((a, b) => a + b, 0) / known.length;
  const weights = members.map((m) => (m.expectedMinor !== null && m.expectedMinor >= 0 ? m.expectedMinor : average));
  return weights.some((w) => w > 0) ? weights : members.map(() => 1);
}

/** Shares of `total` in proportion to `weights` (at least one positive), summing exactly to `total`. */
function largestRemainder(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (total * w) / sum);
  const shares = exact.map(Math.floor);
  let left = total - shares.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, rest: x - Math.floor(x) })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}
