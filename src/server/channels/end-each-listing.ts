import type { FastifyBaseLogger } from 'fastify';
import { channelNames, type ApiChannel } from '@shared/domain/channel-listing';
import { AppError } from '@shared/errors';
import type { EndOutcome } from './marketplace';

interface EndableListing {
  itemId: string;
  status: string;
  externalId: string | null;
}

/**
 * Ends the seller's listings on an API marketplace one at a time, as Depop, Etsy and Shopify do alike: a listing being
 * published is refused (try again in a minute); one never published, or not live while its item stays, is passed over;
 * an end that fails keeps its item, refused in the marketplace's words. The marketplace supplies how it ends one.
 */
export async function endEachListing<Listing extends EndableListing>(
  rows: { listing: Listing; sku: string }[],
  marketplace: {
    channel: ApiChannel;
    userId: string;
    /** The items are being deleted: every listing goes, live or not, and no row is left to mark. */
    itemsGo: boolean;
    log: FastifyBaseLogger;
    /** Ends the listing on the marketplace and, where its item stays, marks it ended. */
    endOne: (listing: Listing & { externalId: string }, sku: string) => Promise<void>;
    /** The marketplace's own refusal in its words; null when the error is not its answer. */
    refusalWords: (err: unknown) => string | null;
    /** The log line of an end that failed. */
    failedLog: string;
  },
): Promise<EndOutcome> {
  const { userId, itemsGo, log } = marketplace;
  const name = channelNames[marketplace.channel];
  const outcome: EndOutcome = { ended: [], refused: [] };
  for (const { listing, sku } of rows) {
    if (listing.status === 'publishing') {
      outcome.refused.push({ itemId: listing.itemId, sku, message: `${sku} is being published on ${name}: try again in a minute.` });
      continue;
    }
    const { externalId } = listing;
    const live = listing.status === 'live';
    if (!externalId || (!live && !itemsGo)) continue;
    try {
      await marketplace.endOne({ ...listing, externalId }, sku);
      if (live) outcome.ended.push(listing.itemId);
    } catch (err) {
      log.warn({ userId, itemId: listing.itemId, err }, marketplace.failedLog);
      const words = err instanceof AppError ? err.message : (marketplace.refusalWords(err) ?? `${name} cannot be reached`);
      if (live) outcome.refused.push({ itemId: listing.itemId, sku, message: `${sku} could not be ended on ${name}: ${words}` });
    }
  }
  return outcome;
}
