import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { apiChannels, type ApiChannel, type Channel, type ChannelListingStatus, type ListingChange } from '@shared/domain/channel-listing';
import type { Db } from '../db/client';
import { channelListings, items } from '../db/schema';
import type { PriceSource } from '@shared/domain/channel-price';
import { ownListingOfItem, updateOwnListings } from '../channels/listing-writer';
import { matching } from '../db/matching';

/**
 * The live listing changes a seller asks for (revise, end, relist) on channel_listings, whatever the marketplace:
 * the change waits in `pending_change` until its job settles it. Every statement is filtered by the user.
 */

/** Which listings each change may start from: a revise or an end from a live one, a relist from an ended one. */
const startsFrom: Record<ListingChange, { status: ChannelListingStatus; over: ListingChange[] }> = {
  // A revise asked again while one waits or runs is the same change, asked later.
  revise: { status: 'live', over: ['revise'] },
  // Ending a listing whose revise is still on its way: the end wins (the revise job then finds nothing to do).
  end: { status: 'live', over: ['revise'] },
  relist: { status: 'ended', over: [] },
};

export interface ListingChangeRow {
  status: ChannelListingStatus;
  pendingChange: ListingChange | null;
  changeRequestedAt: Date | null;
  externalId: string | null;
  error: string | null;
}

/**
 * The listing's status, the change waiting on it (since when), its marketplace id and last error; undefined when the
 * item has no listing on the channel.
 */
export async function listingChangeOf(db: Db, userId: string, itemId: string, channel: Channel): Promise<ListingChangeRow | undefined> {
  const [row] = await db
    .select({
      status: channelListings.status,
      pendingChange: channelListings.pendingChange,
      changeRequestedAt: channelListings.changeRequestedAt,
      externalId: channelListings.externalId,
      error: channelListings.error,
    })
    .from(channelListings)
    .where(ownListingOfItem(userId, itemId, channel));
  return row;
}

/**
 * Marks the change asked for, when the listing is in a state it starts from (see startsFrom); answers whether it
 * was. The error of an earlier failed change goes: the listing shows the new one's progress.
 */
export async function requestListingChange(
  db: Db,
  userId: string,
  itemId: string,
  channel: Channel,
  change: ListingChange,
): Promise<boolean> {
  const from = startsFrom[change];
  const rows = await db.transaction(async (tx) => {
    return updateOwnListings(
      tx,
      userId,
      and(
        ownListingOfItem(userId, itemId, channel),
        eq(channelListings.status, from.status),
        from.over.length
          ? or(isNull(channelListings.pendingChange), inArray(channelListings.pendingChange, from.over))
          : isNull(channelListings.pendingChange),
      ),
      { pendingChange: change, changeRequestedAt: new Date(), error: null },
    );
  });
  return rows.length > 0;
}

/**
 * The user's live listings of these items on API channels (an assisted one is the seller's to change on the
 * marketplace), with no end or relist waiting: the ones a save revises.
 */
export async function revisableListings(db: Db, userId: string, itemIds: string[]): Promise<{ itemId: string; channel: ApiChannel }[]> {
  if (!itemIds.length) return [];
  return db
    .select({ itemId: channelListings.itemId, channel: channelListings.channel })
    .from(channelListings)
    .where(
      and(
        matching(channelListings, { userId, status: 'live' }),
        inArray(channelListings.itemId, itemIds),
        inArray(channelListings.channel, [...apiChannels]),
        or(isNull(channelListings.pendingChange), eq(channelListings.pendingChange, 'revise')),
      ),
    ) as Promise<{ itemId: string; channel: ApiChannel }[]>;
}

/**
 * The statuses a waiting change still applies to: a revise or an end to a live listing, a relist to an ended one (or
 * a live one: the relist went through, then the process died before its job settled it). A listing that moved on
 * (sold meanwhile) drops the change.
 */
export const changeAppliesTo: Record<ListingChange, ChannelListingStatus[]> = {
  revise: ['live'],
  end: ['live'],
  relist: ['ended', 'live'],
};

/** The change no longer applies (the listing moved on): it stops waiting, nothing else changes. */
export async function dropListingChange(db: Db, userId: string, itemId: string, channel: Channel, change: ListingChange) {
  await updateOwnListings(db, userId, and(ownListingOfItem(userId, itemId, channel), eq(channelListings.pendingChange, change)), {
    pendingChange: null,
    changeRequestedAt: null,
  });
}

/** The outcome of a change at the marketplace, written only while that change is the one waiting. */
export type ChangeOutcome =
  /** Revised as asked at `requestedAt`; a later request keeps the change waiting (its job runs again). */
  | { change: 'revise'; requestedAt: Date | null }
  | { change: 'end' }
  /** Live again, maybe under a new listing id. */
  | { change: 'relist'; listing: { listingId: string; listingUrl: string } | null };

/** Settles the change; answers false when it was not the one waiting (superseded, or asked again since). */
export async function settleListingChange(
  db: Db,
  userId: string,
  itemId: string,
  channel: Channel,
  outcome: ChangeOutcome,
): Promise<boolean> {
  const now = new Date();
  const settled = {
    revise: {},
    end: { status: 'ended' as const, endedAt: now },
    relist:
      outcome.change === 'relist'
        ? {
            status: 'live' as const,
            endedAt: null,
            ...(outcome.listing ? { externalId: outcome.listing.listingId, url: outcome.listing.listingUrl } : {}),
          }
        : {},
  }[outcome.change];
  return db.transaction(async (tx) => {
    const rows = await updateOwnListings(
      tx,
      userId,
      and(
        ownListingOfItem(userId, itemId, channel),
        eq(channelListings.pendingChange, outcome.change),
        inArray(channelListings.status, changeAppliesTo[outcome.change]),
        outcome.change === 'revise' && outcome.requestedAt ? eq(channelListings.changeRequestedAt, outcome.requestedAt) : sql`true`,
      ),
      { ...settled, pendingChange: null, changeRequestedAt: null, error: null },
    );
    return rows.length > 0;
  });
}

/** The change failed with these words; the listing keeps its status (the marketplace still has it as it was). */
export async function failListingChange(db: Db, userId: string, itemId: string, channel: Channel, change: ListingChange, message: string) {
  await updateOwnListings(db, userId, and(ownListingOfItem(userId, itemId, channel), eq(channelListings.pendingChange, change)), {
    pendingChange: null,
    changeRequestedAt: null,
    error: message,
  });
}

/** Sets the live listing's own price (a planned drop, decision 090); answers whether the listing was live. */
export async function setLiveListingPrice(
  db: Db,
  userId: string,
  itemId: string,
  channel: Channel,
  price: { amountMinor: number; currency: string },
): Promise<boolean> {
  const rows = await updateOwnListings(db, userId, and(ownListingOfItem(userId, itemId, channel), eq(channelListings.status, 'live')), {
    priceMinor: price.amountMinor,
    currency: price.currency,
    priceSource: 'drop',
  });
  return rows.length > 0;
}

/**
 * The seller's listings that are up on the channel or on their way there (live, publishing, a relist waiting): what a
 * disconnect would leave where the app can no longer see a sale. `changing`: those of them a job is still working on
 * (publishing, or a change waiting); the rest are up with nothing on the way.
 */
export async function listingsUpOn(db: Db, userId: string, channel: ApiChannel): Promise<{ up: number; changing: number }> {
  const [row] = await db
    .select({
      up: sql<number>`count(*)::int`,
      changing: sql<number>`(count(*) filter (where ${channelListings.status} = 'publishing' or ${channelListings.pendingChange} is not null))::int`,
    })
    .from(channelListings)
    .where(
      and(
        matching(channelListings, { userId, channel }),
        or(
          inArray(channelListings.status, ['live', 'publishing']),
          matching(channelListings, { status: 'ended', pendingChange: 'relist' }),
        ),
      ),
    );
  return { up: Number(row?.up ?? 0), changing: Number(row?.changing ?? 0) };
}

/** The seller's live listings on the channel with no end waiting: the ones "End them all" starts ending. */
export async function endableListingsOn(db: Db, userId: string, channel: ApiChannel): Promise<string[]> {
  const rows = await db
    .select({ itemId: channelListings.itemId })
    .from(channelListings)
    .where(
      and(
        matching(channelListings, { userId, channel, status: 'live' }),
        or(isNull(channelListings.pendingChange), eq(channelListings.pendingChange, 'revise')),
      ),
    );
  return rows.map((row) => row.itemId);
}

/** What a live listing's price is worked out from: its stored price and what set it, and the item's prices. */
export async function listingPriceInputsOf(db: Db, userId: string, itemId: string, channel: ApiChannel) {
  const [row] = await db
    .select({
      priceMinor: channelListings.priceMinor,
      currency: channelListings.currency,
      priceSource: channelListings.priceSource,
      priceBasis: channelListings.priceBasis,
      status: channelListings.status,
      askingPriceMinor: items.askingPriceMinor,
      aiSuggestedPriceMinor: items.aiSuggestedPriceMinor,
      itemCurrency: items.currency,
      category: items.category,
      condition: items.condition,
    })
    .from(channelListings)
    .innerJoin(items, and(eq(items.id, channelListings.itemId), eq(items.userId, channelListings.userId)))
    .where(ownListingOfItem(userId, itemId, channel));
  if (!row) return undefined;
  const { priceMinor, currency, priceSource, priceBasis, status } = row;
  return {
    listing: { priceMinor, currency, priceSource, priceBasis, status },
    item: {
      askingPriceMinor: row.askingPriceMinor,
      aiSuggestedPriceMinor: row.aiSuggestedPriceMinor,
      currency: row.itemCurrency,
      category: row.category,
      condition: row.condition,
    },
  };
}

/**
 * The price the seller confirmed under their floor for the item's live listing on the channel (decision 121): the
 * floor guard sends exactly that price when the revise goes out.
 */
export async function confirmLivePriceUnderFloor(db: Db, userId: string, itemId: string, channel: ApiChannel, priceMinor: number) {
  await updateOwnListings(db, userId, and(ownListingOfItem(userId, itemId, channel), eq(channelListings.status, 'live')), {
    floorConfirmedMinor: priceMinor,
  });
}

/** The live listing's price as just worked out (what set it kept with it); answers whether it was live. */
export async function repriceLiveListing(
  db: Db,
  userId: string,
  itemId: string,
  channel: ApiChannel,
  columns: { priceMinor: number; currency: string; priceSource: PriceSource; priceBasis: string | null },
): Promise<boolean> {
  const rows = await updateOwnListings(
    db,
    userId,
    and(ownListingOfItem(userId, itemId, channel), eq(channelListings.status, 'live')),
    columns,
  );
  return rows.length > 0;
}
