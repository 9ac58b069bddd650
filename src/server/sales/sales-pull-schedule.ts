/**
 * The adaptive sales pull (decision 078): while a seller has an item live here and on another API channel,
 * their sales here are checked every FAST_SALES_PULL_MS, not every SALES_PULL_INTERVAL_S; a channel that pushes this
 * seller's sales (eBay subscribed at an https PUBLIC_URL) needs no fast pull. Each channel's checks are counted per
 * UTC day; past SALES_CALL_BUDGET_SHARE of the marketplace's daily limit the fast pull falls back to the normal one.
 */
export const FAST_SALES_PULL_MS = 15_000;
/** The share of a marketplace's daily call limit the fast pull may spend; the rest is the normal pull's and others'. */
export const SALES_CALL_BUDGET_SHARE = 0.5;

/**
 * How often the fast pull may check each of `sellers` at-risk sellers on a channel now: every `fastMs`, or slower so
 * that what is left of the day's share of the limit lasts until midnight UTC at this pace; null once the share is
 * spent (the normal interval then). No limit: every `fastMs`.
 */
export function fastPullEveryMs(
  checksToday: number,
  dailyLimit: number | null | undefined,
  sellers: number,
  now: number,
  fastMs: number,
): number | null {
  if (dailyLimit == null) return fastMs;
  const left = dailyLimit * SALES_CALL_BUDGET_SHARE - checksToday;
  if (left <= 0) return null;
  const untilMidnight = 86_400_000 - (now % 86_400_000);
  return Math.max(fastMs, Math.ceil((untilMidnight * sellers) / left));
}
