import { randomUUID } from 'node:crypto';
import type { Channel } from '@shared/domain/channel-listing';
import type { Db } from '../db/client';
import { channelListings, items, sales } from '../db/schema';
import { seeded } from './seeded-random';

/**
 * A seller's generated history for "What sells"' test and bench (decision 149): items bought at a few sources, each
 * live on one to three marketplaces, most sold on one of them, some still live; some without a cost, some with fees
 * pending, some without a shipping cost. Written straight to the tables (the screen reads them; how sales arrive is
 * the sales pulls' own tests). The same history every run for a seed.
 */
export interface GeneratedItem {
  id: string;
  brand: string;
  source: string | null;
  costMinor: number | null;
  createdAt: Date;
  listings: { channel: Channel; listedAt: Date; externalId: string | null }[];
  sale: {
    channel: Channel;
    soldAt: Date;
    priceMinor: number;
    shippingChargedMinor: number;
    feesMinor: number | null;
    shippingCostMinor: number | null;
  } | null;
}

export const generatedBrands = ["Levi's", 'Patagonia', 'Zara', 'Carhartt'] as const;
export const generatedSources = ['Goodwill', 'Car boot sale', 'Bundle from Vinted'] as const;
const channelsUsed: readonly Channel[] = ['ebay', 'etsy', 'depop', 'poshmark'];

const day = 86_400_000;

export function generateHistory(count: number, { seed = 61, now = new Date() } = {}): GeneratedItem[] {
  const random = seeded(seed);
  return Array.from({ length: count }, () => {
    const brand = random.pick(generatedBrands);
    const createdAt = new Date(now.getTime() - random.int(1, 200) * day - random.int(0, 86_399) * 1000);
    const channelCount = random.int(1, 3);
    const picked = [...channelsUsed].sort(() => (random.chance(0.5) ? 1 : -1)).slice(0, channelCount);
    const listedAt = new Date(Math.min(now.getTime() - 60_000, createdAt.getTime() + random.int(0, 3) * day));
    const listings = picked.map((channel) => ({
      channel,
      listedAt,
      // Poshmark is handed over (no API); the others have the marketplace's id.
      externalId: channel === 'poshmark' ? null : `ext-${randomUUID()}`,
    }));
    // Patagonia sells fast, Zara slowly; about a fifth stay unsold.
    const speed = brand === 'Patagonia' ? 8 : brand === 'Zara' ? 45 : 20;
    const daysToSale = Math.round(-Math.log(1 - random.int(1, 999) / 1000) * speed * 10) / 10;
    const soldAt = new Date(listedAt.getTime() + daysToSale * day);
    const sold = random.chance(0.8) && soldAt.getTime() < now.getTime();
    const priceMinor = random.int(8, 120) * 100;
    return {
      id: randomUUID(),
      brand,
      source: random.chance(0.9) ? random.pick(generatedSources) : null,
      costMinor: random.chance(0.9) ? random.int(1, 30) * 100 : null,
      createdAt,
      listings,
      sale: sold
        ? {
            channel: random.pick(picked),
            soldAt,
            priceMinor,
            shippingChargedMinor: random.chance(0.5) ? 500 : 0,
            feesMinor: random.chance(0.9) ? Math.round(priceMinor * 0.13) + 30 : null,
            shippingCostMinor: random.chance(0.7) ? random.int(3, 9) * 100 : null,
          }
        : null,
    };
  });
}

/** Writes the history as the user's, in chunks (50,000 items in about a minute on PGlite). */
export async function writeHistory(db: Db, userId: string, history: readonly GeneratedItem[], currency = 'USD'): Promise<void> {
  const chunk = 500;
  for (let start = 0; start < history.length; start += chunk) {
    const part = history.slice(start, start + chunk);
    const session = randomUUID();
    await db.insert(items).values(
      part.map((item, index) => ({
        id: item.id,
        userId,
        sku: `GEN-${item.id}`,
        status: 'draft',
        uploadSessionId: session,
        batchId: session,
        batchNumber: start + index + 1,
        brand: item.brand,
        category: 'Jeans',
        source: item.source,
        costMinor: item.costMinor,
        currency,
        createdAt: item.createdAt,
        updatedAt: item.createdAt,
      })),
    );
    await db.insert(channelListings).values(
      part.flatMap((item) =>
        item.listings.map((listing) => ({
          userId,
          itemId: item.id,
          channel: listing.channel,
          status: (item.sale?.channel === listing.channel ? 'sold' : item.sale ? 'ended' : 'live') as 'sold' | 'ended' | 'live',
          externalId: listing.externalId,
          currency,
          listedAt: listing.listedAt,
          endedAt: item.sale?.soldAt ?? null,
        })),
      ),
    );
    const sold = part.filter((item) => item.sale);
    if (sold.length)
      await db.insert(sales).values(
        sold.map((item) => ({
          userId,
          itemId: item.id,
          channel: item.sale!.channel,
          externalOrderId: `order-${item.id}`,
          externalLineId: `line-${item.id}`,
          sku: `GEN-${item.id}`,
          priceMinor: item.sale!.priceMinor,
          shippingChargedMinor: item.sale!.shippingChargedMinor,
          currency,
          soldAt: item.sale!.soldAt,
          feesMinor: item.sale!.feesMinor,
          shippingCostMinor: item.sale!.shippingCostMinor,
        })),
      );
  }
}
