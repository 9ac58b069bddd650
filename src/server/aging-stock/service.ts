import { agingBandLabels, agingBandOf, agingBands, daysListed, type AgingBand } from '@shared/domain/aging-stock';
import { channelNames, type Channel } from '@shared/domain/channel-listing';
import { money, type Money } from '@shared/domain/money';
import {
  agingPredictionWords,
  type AgingItem,
  type AgingStockResponse,
  type ListingTrafficView,
  type PlannedAction,
} from '@shared/contracts/aging-stock';
import type { DaysToSaleService } from '../days-to-sale/service';
import type { ListingTraffic } from '../channels/channel-module';
import { channelPriceOf } from '../price-rules/channel-price';
import type { PriceRules } from '../price-rules/price-rules';
import type { Db } from '../db/client';
import type { Clock } from '../jobs/clock';
import type { ProfitFloorService } from '../profit-floor/service';
import { liveStockOf, type LiveStockRow } from './repo';

/** Where a channel tells its listings' traffic (a channel instance's `listingTraffic`). */
export type TrafficSources = Partial<
  Record<Channel, (userId: string, externalIds: readonly string[]) => Promise<Map<string, ListingTraffic>>>
>;

/** Where planned offers, drops and relists come from: the weekly plan (decision 090, wired in compose.ts). */
export type PlannedActionsSource = (userId: string) => Promise<PlannedAction[]>;

export interface AgingStockDeps {
  db: Db;
  clock: Pick<Clock, 'now'>;
  floors: Pick<ProfitFloorService, 'leastFloorsOf'>;
  priceRules: Pick<PriceRules, 'all'>;
  traffic: TrafficSources;
  plannedActions?: PlannedActionsSource;
  /** The live listings' predicted days to sale (decision 152); absent: no item is marked. */
  daysToSale?: Pick<DaysToSaleService, 'mediansOf'>;
}

/** The item's prediction to show: its listing furthest past its predicted days, else the nearest to them. */
function predictionOf(listings: LiveStockRow[], medians: ReadonlyMap<string, number>, now: number): AgingItem['prediction'] {
  let best: NonNullable<AgingItem['prediction']> | null = null;
  for (const listing of listings) {
    const predictedDays = medians.get(`${listing.itemId}:${listing.channel}`);
    if (predictedDays === undefined) continue;
    const days = daysListed(listing.listedAt.getTime(), now);
    const name = channelNames[listing.channel];
    const candidate = {
      channel: listing.channel,
      predictedDays,
      daysListed: days,
      past: days > predictedDays,
      words: days > predictedDays ? agingPredictionWords.past(predictedDays, name) : agingPredictionWords.ahead(predictedDays, name),
    };
    if (!best || candidate.daysListed - candidate.predictedDays > best.daysListed - best.predictedDays) best = candidate;
  }
  return best;
}

/** How far past its prediction an item is (days); -Infinity without one. */
const overshoot = (item: AgingItem) => (item.prediction ? item.prediction.daysListed - item.prediction.predictedDays : -Infinity);

/** Adds an amount to the total of its currency. */
function addTo(totals: Map<string, number>, value: Money | null) {
  if (value) totals.set(value.currency, (totals.get(value.currency) ?? 0) + value.amountMinor);
}
const totalsOf = (totals: Map<string, number>) => [...totals].map(([currency, amountMinor]) => money(amountMinor, currency));

/** Groups the live listings by item: its first listing's date counts its days. */
function byItem(rows: LiveStockRow[]) {
  const grouped = new Map<string, { row: LiveStockRow; listings: LiveStockRow[]; firstListedAt: number }>();
  for (const row of rows) {
    const entry = grouped.get(row.itemId);
    if (entry) {
      entry.listings.push(row);
      entry.firstListedAt = Math.min(entry.firstListedAt, row.listedAt.getTime());
    } else grouped.set(row.itemId, { row, listings: [row], firstListedAt: row.listedAt.getTime() });
  }
  return [...grouped.values()];
}

/** Each channel's traffic of the listings live there, asked once a channel. */
async function trafficOf(traffic: TrafficSources, userId: string, rows: LiveStockRow[]) {
  const found = new Map<string, ListingTraffic>();
  for (const [channel, source] of Object.entries(traffic) as [Channel, NonNullable<TrafficSources[Channel]>][]) {
    const ids = rows.filter((r) => r.channel === channel && r.externalId).map((r) => r.externalId!);
    if (!ids.length) continue;
    for (const [id, figures] of await source(userId, ids)) found.set(`${channel}:${id}`, figures);
  }
  return found;
}

/** The aging stock view (decision 091): every query is the signed-in seller's own. */
export function createAgingStockService({ db, clock, floors, priceRules, traffic, plannedActions, daysToSale }: AgingStockDeps) {
  async function of(userId: string): Promise<AgingStockResponse> {
    const rows = await liveStockOf(db, userId);
    const stock = byItem(rows);
    const now = clock.now();
    const [floorOf, trafficByListing, planned, rules, medians] = await Promise.all([
      floors.leastFloorsOf(
        userId,
        stock.map(({ row, listings }) => ({
          itemId: row.itemId,
          costMinor: row.costMinor,
          currency: row.currency,
          channels: listings.map((l) => l.channel),
        })),
      ),
      trafficOf(traffic, userId, rows),
      plannedActions ? plannedActions(userId) : Promise.resolve([]),
      priceRules.all(userId),
      daysToSale ? daysToSale.mediansOf(userId, rows) : Promise.resolve(new Map<string, number>()),
    ]);
    const bands = new Map<AgingBand, AgingItem[]>(agingBands.map((band) => [band, []]));
    for (const { row, listings, firstListedAt } of stock) {
      const floor = floorOf.get(row.itemId) ?? { status: 'no-fees' as const, floorMinor: null };
      const days = daysListed(firstListedAt, now);
      bands.get(agingBandOf(days))!.push({
        itemId: row.itemId,
        sku: row.sku,
        title: row.title,
        daysListed: days,
        // What the item asks where it was listed first: that listing's own price, else the item's through the rule.
        askingPrice:
          channelPriceOf(
            { priceMinor: row.priceMinor, currency: row.priceCurrency, priceSource: row.priceSource, status: 'live' },
            row,
            rules[row.channel],
          )?.price ?? null,
        floor: floor.floorMinor === null ? null : money(floor.floorMinor, row.currency),
        floorStatus: floor.status,
        listings: listings.map((listing): ListingTrafficView => {
          const figures = listing.externalId ? trafficByListing.get(`${listing.channel}:${listing.externalId}`) : undefined;
          return {
            channel: listing.channel,
            label: channelNames[listing.channel],
            views: figures?.views ?? null,
            impressions: figures?.impressions ?? null,
            clickThroughRate: figures?.clickThroughRate ?? null,
            interestedBuyers: figures?.interestedBuyers ?? null,
          };
        }),
        prediction: predictionOf(listings, medians, now),
      });
    }
    const pastPrediction = [...bands.values()]
      .flat()
      .filter((item) => item.prediction?.past)
      .sort((a, b) => overshoot(b) - overshoot(a) || b.daysListed - a.daysListed);
    return {
      pastPrediction,
      bands: agingBands.map((band) => {
        // Past their prediction first, furthest past first; the rest oldest first, as before (decision 152).
        const bandItems = bands
          .get(band)!
          .sort(
            (a, b) =>
              Number(b.prediction?.past ?? false) - Number(a.prediction?.past ?? false) ||
              (a.prediction?.past ? overshoot(b) - overshoot(a) : 0) ||
              b.daysListed - a.daysListed,
          );
        const asking = new Map<string, number>();
        const floorTotals = new Map<string, number>();
        for (const item of bandItems) {
          addTo(asking, item.askingPrice);
          addTo(floorTotals, item.floor);
        }
        const ids = new Set(bandItems.map((item) => item.itemId));
        return {
          band,
          label: agingBandLabels[band],
          count: bandItems.length,
          askingValue: totalsOf(asking),
          floorValue: totalsOf(floorTotals),
          noCostCount: bandItems.filter((item) => item.floorStatus === 'no-cost').length,
          actionsPlanned: planned.filter((action) => ids.has(action.itemId)),
          items: bandItems,
        };
      }),
    };
  }

  return { of };
}

export type AgingStockService = ReturnType<typeof createAgingStockService>;
