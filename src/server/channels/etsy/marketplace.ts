import { queuePublishes } from '../publish-queue';
import { defaultCurrency, money, toDecimal } from '@shared/domain/money';
import { etsyMinor } from './etsy-money';
import { etsyOrderFees } from './etsy-fees';
import { standingLinesOf } from '../../fees/fees';
import { etsyListingFeeMinor } from './fee-schedule';
import type { FastifyBaseLogger } from 'fastify';
import { currentEtsyWhenMade, etsyMessages, etsyProcessingSwitchMessages, type EtsyWhenMade } from '@shared/contracts/etsy';
import type { BulkPublishResponse } from '@shared/contracts/publish';
import { AppError } from '@shared/errors';
import type { Db } from '../../db/client';
import { ownedItemIds } from '../../items/item-writer';
import { contentTypeOfKey, type Storage } from '../../adapters/storage/storage';
import { siteOf, type ChannelPreflight, type EndOutcome, type Marketplace, type PublishedListing, type SaleLine } from '../marketplace';
import { lockOwnItem } from '../repo';
import { endEachListing } from '../end-each-listing';
import { stockLeftOf } from '../../sales/stock-left';
import type { EtsyAccountService, EtsySession } from './account/service';
import type { EtsyClient, EtsyListing } from './api/etsy-client';
import { EtsyApiError, EtsyUnreachableError } from './api/etsy-errors';
import { firstListedAt, type Publishable } from '../channel-listing-repo';
import { type EtsyListingData, etsyListings } from './listing-repo';
import { etsyDraftOf, etsyPreflightMessages, etsyProblemsOf, etsyRules, etsySizeFormOf } from './etsy-preflight';
import { etsyTaxonomy, type EtsyTaxonomy } from './taxonomy';
import { needsSellerToConnect } from '../oauth/token-keeper';

export { etsyPreflightMessages, etsyRules };

/** The listing Etsy refused before anything was sent: the words say what to fix. */
export class EtsyPublishRefused extends Error {}

export interface EtsyMarketplaceDeps {
  db: Db;
  storage: Storage;
  account: EtsyAccountService;
  /** Null when the server has no Etsy keyset. */
  client: EtsyClient | null;
  log: FastifyBaseLogger;
  now?: () => number;
}

type EtsyProblem = ChannelPreflight['problems'][number];
const wordsOf = (problems: EtsyProblem[]) => problems.map((p) => p.message).join(' ');
/** Where the seller fixes what Etsy refused: the item's listing (its when-made, text, photos), or the shop's setup. */
const shopSetupWords = new Set<string>([
  etsyPreflightMessages.shippingProfile,
  etsyPreflightMessages.returnPolicy,
  etsyPreflightMessages.processingProfile,
]);
function fixOnOf(problems: EtsyProblem[]): { fixOn?: 'listing' | 'marketplaces' } {
  if (!problems.length || problems.some((p) => p.field === 'sku')) return {};
  return { fixOn: problems.every((p) => shopSetupWords.has(p.message)) ? 'marketplaces' : 'listing' };
}
const itemNotFound = () => new AppError('NOT_FOUND', 'Item not found');
const notConfigured = () => new AppError('CONFLICT', etsyMessages.notConfigured);
const listingUrlOf = (listing: EtsyListing) => listing.url ?? `https://www.etsy.com/listing/${listing.listing_id}`;

/** Etsy behind the Marketplace interface (decision 050). */
export function createEtsyMarketplace(deps: EtsyMarketplaceDeps): Marketplace & {
  preflightOf(userId: string, itemId: string): Promise<EtsyPreflight>;
  saveWhenMade(userId: string, itemId: string, whenMade: EtsyWhenMade): Promise<void>;
  switchProcessingProfile(userId: string, itemId: string): Promise<boolean>;
} {
  const { db, account, client, log } = deps;
  const now = deps.now ?? Date.now;
  const taxonomy: EtsyTaxonomy | null = client ? etsyTaxonomy(client, now) : null;

  /** Etsy's rules against the item (etsy-preflight.ts): every problem in words; the taxonomy when one fits. */
  const check = (subject: Publishable, session: EtsySession | null) => etsyProblemsOf(subject, session, taxonomy, now());

  /**
   * Whether the Etsy listing still ships on its own processing times (its offerings name no processing profile): read
   * with the batch inventory read (Etsy removed includes=Inventory from listing reads on 29 July 2026).
   */
  async function onProcessingTimes(s: EtsySession, listingId: string): Promise<boolean> {
    const [listing] = (await s.client.getListingsInventory(s.accessToken, [listingId])).results ?? [];
    const offerings = (listing?.inventory?.products ?? []).flatMap((p) => p.offerings ?? []);
    return offerings.length > 0 && offerings.every((o) => !o.readiness_state_id);
  }

  /**
   * Before an inventory update of a listing that was on Etsy already: every offering names the shop's processing
   * profile (the document requires it), which switches a listing still on its own processing times for good. Without
   * the seller's yes that listing is left as it is and the update refused, in words saying what to do.
   */
  async function mayNameProfile(s: EtsySession, listingId: string, data: EtsyListingData): Promise<void> {
    if (data.processingSwitchConfirmedAt || data.profileNamedAt) return;
    if (await onProcessingTimes(s, listingId)) throw new EtsyPublishRefused(etsyProcessingSwitchMessages.needed);
  }

  async function profileLabelOf(s: EtsySession): Promise<string> {
    const profiles = (await s.client.getProcessingProfiles(s.accessToken, s.shopId)).results ?? [];
    const profile = profiles.find((p) => String(p.readiness_state_id) === s.processingProfileId);
    if (!profile) return 'ready to ship';
    return profile.processing_days_display_label ?? `ships in ${profile.min_processing_days}-${profile.max_processing_days} days`;
  }

  async function sessionOrNull(userId: string): Promise<EtsySession | null> {
    try {
      const s = await account.session(userId);
      // The shop's setup as Etsy has it now (the seller may have made them on Etsy).
      if (!s.shippingProfileId || !s.returnPolicyId || !s.processingProfileId) {
        await account.getConnection(userId);
        return await account.session(userId);
      }
      return s;
    } catch (err) {
      if (err instanceof AppError) return null;
      throw err;
    }
  }

  async function preflightOf(userId: string, itemId: string): Promise<EtsyPreflight> {
    const subject = await etsyListings.publishable(db, userId, itemId);
    if (!subject) throw itemNotFound();
    const whenMade = currentEtsyWhenMade(etsyListings.dataOf(subject.listing).whenMade);
    const base = { itemId, whenMade, taxonomy: null, categorySuggestions: [], condition: null, processingSwitch: null };
    if (!client) return { ...base, checked: false, unavailable: etsyMessages.notConfigured, problems: [] };
    let session: EtsySession | null;
    try {
      session = await sessionOrNull(userId);
    } catch (err) {
      log.warn({ err, itemId }, 'Etsy pre-flight could not reach Etsy');
      return { ...base, checked: false, unavailable: 'Could not check against Etsy just now', problems: [] };
    }
    try {
      const result = await check(subject, session);
      const listingId = subject.listing?.externalId;
      const asked =
        session?.processingProfileId && listingId && !etsyListings.dataOf(subject.listing).processingSwitchConfirmedAt
          ? await onProcessingTimes(session, listingId)
          : false;
      return {
        ...base,
        processingSwitch: asked && session ? { profile: await profileLabelOf(session) } : null,
        checked: Boolean(session),
        unavailable: session ? null : etsyMessages.notConnected,
        ...(session ? {} : { notConnected: true }),
        problems: result.problems,
        taxonomy: result.choice ? { id: result.choice.id, name: result.choice.name } : null,
      };
    } catch (err) {
      // Etsy no longer takes the connection (its refresh refused): the seller's to make again, not "just now".
      if (needsSellerToConnect(err))
        return { ...base, checked: false, unavailable: (err as Error).message, notConnected: true, problems: [] };
      log.warn({ err, itemId }, 'Etsy pre-flight could not reach Etsy');
      return { ...base, checked: false, unavailable: 'Could not check against Etsy just now', problems: [] };
    }
  }

  /** A draft asked of Etsy earlier whose answer never came back (a crash, a dropped connection): found by SKU or title. */
  async function findLostDraft(s: EtsySession, sku: string, title: string, requestedAt: string): Promise<EtsyListing | null> {
    const since = Date.parse(requestedAt) / 1000 - 60;
    for (let offset = 0; offset < 1000; offset += 100) {
      const page = await s.client.getListingsByShop(s.accessToken, s.shopId, { state: 'draft', limit: 100, offset });
      const results = page.results ?? [];
      // A draft whose SKUs the listing does not carry: its inventory from the batch read (Etsy removed includes=Inventory).
      const bare = results.filter((l) => !l.skus?.length && l.listing_id).map((l) => l.listing_id!);
      const inventories = bare.length ? ((await s.client.getListingsInventory(s.accessToken, bare)).results ?? []) : [];
      const inventoryOf = new Map(inventories.map((l) => [l.listing_id, l.inventory?.products ?? []]));
      const skusOf = (l: (typeof results)[number]) =>
        l.skus?.length ? l.skus : (inventoryOf.get(l.listing_id) ?? []).flatMap((p) => (p.sku ? [p.sku] : []));
      const found = results.find(
        (l) => skusOf(l).includes(sku) || (!skusOf(l).length && l.title === title && (l.created_timestamp ?? 0) >= since),
      );
      if (found) return found;
      if (results.length < 100) return null;
    }
    return null;
  }

  async function quantityLeft(userId: string, subject: Publishable) {
    // The item's stock less every channel's sales (decision 083): a unit sold elsewhere is not offered here.
    return stockLeftOf(db, userId, subject.item.id);
  }

  /**
   * Lists the item on Etsy, idempotently: the draft is made once (its id kept at once; a draft whose answer was lost
   * is found again by SKU or title), the inventory (SKU, price, quantity) is a full replacement, only the photos Etsy
   * does not have yet are uploaded (in order), and activating an active listing changes nothing.
   */
  async function publish(userId: string, itemId: string): Promise<PublishedListing | null> {
    const subject = await etsyListings.publishable(db, userId, itemId);
    if (!subject) return null;
    if (!client) throw notConfigured();
    if (subject.listing?.status === 'sold') throw new EtsyPublishRefused(etsyPreflightMessages.sold);
    const s = await account.session(userId);
    const checked = await check(subject, s);
    if (checked.problems.length || !checked.choice || !checked.whenMade) throw new EtsyPublishRefused(wordsOf(checked.problems));
    const left = await quantityLeft(userId, subject);
    if (left <= 0) throw new EtsyPublishRefused(etsyPreflightMessages.soldOut);
    const { text } = checked;
    // Etsy's API takes the price as a decimal number.
    const price = toDecimal(text.price!);
    let listingId = subject.listing?.externalId ?? null;
    const data = etsyListings.dataOf(subject.listing);
    // A listing made here names the shop's processing profile from its draft; one that was there before may still ship
    // on its own processing times, and is not switched without the seller's yes.
    let madeHere = false;
    if (!listingId && data.draftRequestedAt) {
      const lost = await findLostDraft(s, subject.item.sku, text.title, data.draftRequestedAt);
      if (lost?.listing_id) {
        listingId = String(lost.listing_id);
        await etsyListings.update(db, userId, itemId, { columns: { externalId: listingId }, data: { draftRequestedAt: null } });
      }
    }
    if (!listingId) {
      await etsyListings.update(db, userId, itemId, { data: { draftRequestedAt: new Date(now()).toISOString() } });
      const draft = await s.client.createDraftListing(s.accessToken, s.shopId, etsyDraftOf(checked, s, left));
      listingId = String(draft.listing_id);
      madeHere = true;
      await etsyListings.update(db, userId, itemId, { columns: { externalId: listingId }, data: { draftRequestedAt: null } });
    }
    // Its size on the category's size property (replaced as a whole: sent again, it changes nothing).
    if (checked.size)
      await s.client.updateListingProperty(s.accessToken, s.shopId, listingId, checked.size.propertyId, etsySizeFormOf(checked.size));
    if (!madeHere) await mayNameProfile(s, listingId, data);
    await s.client.updateListingInventory(s.accessToken, listingId, [
      { sku: subject.item.sku, price, quantity: left, processingProfileId: s.processingProfileId! },
    ]);
    const uploaded = (await s.client.getListingImages(s.accessToken, listingId)).results ?? [];
    for (let i = uploaded.length; i < subject.images.length; i++) {
      const image = subject.images[i]!;
      await s.client.uploadListingImage(s.accessToken, s.shopId, listingId, {
        data: await deps.storage.get(image.storagePath),
        filename: image.storagePath.split('/').pop() ?? `photo-${i + 1}.jpg`,
        contentType: contentTypeOfKey(image.storagePath),
        rank: i + 1,
      });
    }
    const live = await s.client.updateListing(s.accessToken, s.shopId, listingId, { state: 'active' });
    const published = { listingId, listingUrl: listingUrlOf(live) };
    await etsyListings.update(db, userId, itemId, {
      columns: {
        status: 'live',
        externalId: listingId,
        url: published.listingUrl,
        error: null,
        endedAt: null,
        listedAt: firstListedAt,
      },
      data: { profileNamedAt: data.profileNamedAt ?? new Date(now()).toISOString() },
    });
    log.info({ userId, itemId, listingId }, 'Etsy listing live');
    return published;
  }

  async function revise(userId: string, itemId: string): Promise<PublishedListing | null> {
    const subject = await etsyListings.publishable(db, userId, itemId);
    if (!subject) return null;
    const listingId = subject.listing?.externalId;
    if (!listingId) throw new EtsyPublishRefused('This item has no Etsy listing to update.');
    const s = await account.session(userId);
    const { text, choice, whenMade, size } = await check(subject, s);
    const left = Math.max(0, await quantityLeft(userId, subject));
    const priced =
      text.price !== null && text.price.amountMinor >= etsyRules.priceMinMinor && text.price.currency === s.currency && left > 0;
    // Nothing is sent while the update would switch the listing's processing time without the seller's yes.
    if (priced) await mayNameProfile(s, listingId, etsyListings.dataOf(subject.listing));
    const updated = await s.client.updateListing(s.accessToken, s.shopId, listingId, {
      title: text.title || undefined,
      description: text.description || undefined,
      tags: text.tags,
      ...(choice ? { taxonomy_id: choice.id } : {}),
      ...(whenMade ? { when_made: whenMade } : {}),
    });
    if (size) await s.client.updateListingProperty(s.accessToken, s.shopId, listingId, size.propertyId, etsySizeFormOf(size));
    if (priced) {
      await s.client.updateListingInventory(s.accessToken, listingId, [
        { sku: subject.item.sku, price: toDecimal(text.price!), quantity: left, processingProfileId: s.processingProfileId ?? '' },
      ]);
      if (!etsyListings.dataOf(subject.listing).profileNamedAt)
        await etsyListings.update(db, userId, itemId, { data: { profileNamedAt: new Date(now()).toISOString() } });
    }
    return { listingId, listingUrl: listingUrlOf(updated) };
  }

  async function setState(userId: string, itemId: string, state: 'active' | 'inactive'): Promise<PublishedListing | null> {
    const row = await etsyListings.listingOf(db, userId, itemId);
    if (!(await ownedItemIds(db, userId, [itemId])).length) return null;
    if (!row?.externalId) throw new EtsyPublishRefused('This item has no Etsy listing.');
    const s = await account.session(userId);
    // Making it active renews it, which charges the listing fee again: read first, so a retry never renews twice.
    // Making it inactive twice costs nothing, so it is sent without the read (decision 109).
    if (state === 'active') {
      const current = await s.client.getListing(s.accessToken, row.externalId);
      if (current.state === state) return { listingId: row.externalId, listingUrl: listingUrlOf(current) };
    }
    const updated = await s.client.updateListing(s.accessToken, s.shopId, row.externalId, { state });
    return { listingId: row.externalId, listingUrl: listingUrlOf(updated) };
  }

  async function end(userId: string, itemIds: string[], { itemsGo }: { itemsGo: boolean; afterSale?: boolean }): Promise<EndOutcome> {
    return endEachListing(await etsyListings.listingsOfItems(db, userId, itemIds), {
      channel: 'etsy',
      userId,
      itemsGo,
      log,
      endOne: async (listing) => {
        const s = await account.session(userId);
        if (itemsGo) {
          await s.client.deleteListing(s.accessToken, listing.externalId).catch((err: unknown) => {
            if (!(err instanceof EtsyApiError && err.status === 404)) throw err;
          });
        } else {
          await s.client.updateListing(s.accessToken, s.shopId, listing.externalId, { state: 'inactive' });
          await etsyListings.update(db, userId, listing.itemId, { columns: { status: 'ended', endedAt: new Date(now()) } });
        }
        log.info({ userId, itemId: listing.itemId, listingId: listing.externalId, itemsGo }, 'Etsy listing ended');
      },
      refusalWords: (err) => (err instanceof EtsyApiError ? err.etsyMessage : null),
      failedLog: 'Etsy listing not ended; item kept',
    });
  }

  /** The items queued to publish on Etsy; each refused one with its reason in words. */
  function requestPublish(userId: string, itemIds: string[]): Promise<BulkPublishResponse> {
    const etsy = {
      channel: 'etsy' as const,
      soldWords: etsyPreflightMessages.sold,
      checker: async () => {
        if (!client) throw notConfigured();
        const s = await sessionOrNull(userId);
        if (!s) throw new AppError('CONFLICT', etsyMessages.notConnected);
        return async (subject: Publishable) => {
          const { problems, text } = await check(subject, s);
          return { problems, priced: text.priced };
        };
      },
      fixOn: fixOnOf,
    };
    return queuePublishes(db, userId, itemIds, etsy, etsyListings.publishable);
  }

  /** Every line of the shop's receipts changed (or, `by` created, made) since `since`, 100 receipts a page (Etsy's most). */
  async function receiptLines(userId: string, since: Date, by: 'modified' | 'created'): Promise<SaleLine[]> {
    if (!client) throw notConfigured();
    const s = await account.session(userId);
    const lines: SaleLine[] = [];
    const from = Math.floor(since.getTime() / 1000);
    // Oldest first, so a receipt made while the pages are read lands on a later page, not between two read ones.
    const when =
      by === 'created' ? { min_created: from, sort_on: 'created' as const, sort_order: 'asc' as const } : { min_last_modified: from };
    for (let offset = 0; ; offset += 100) {
      const page = await s.client.getShopReceipts(s.accessToken, s.shopId, { ...when, limit: 100, offset });
      const receipts = page.results ?? [];
      for (const receipt of receipts) {
        const cancelled = receipt.status?.toLowerCase() === 'canceled' || receipt.status?.toLowerCase() === 'cancelled';
        const updatedAt = new Date((receipt.updated_timestamp ?? receipt.update_timestamp ?? 0) * 1000);
        for (const line of receipt.transactions ?? []) {
          const money = line.price;
          const shipping = line.shipping_cost;
          lines.push({
            orderId: String(receipt.receipt_id),
            lineId: String(line.transaction_id),
            sku: line.sku || null,
            listingId: line.listing_id ? String(line.listing_id) : null,
            quantity: line.quantity ?? 1,
            priceMinor: money ? etsyMinor(money) * (line.quantity ?? 1) : 0,
            shippingMinor: shipping ? etsyMinor(shipping) : 0,
            currency: money?.currency_code ?? defaultCurrency,
            soldAt: new Date((line.created_timestamp ?? line.create_timestamp ?? receipt.created_timestamp ?? 0) * 1000),
            cancelledAt: cancelled ? updatedAt : null,
            buyer: receipt.name ?? null,
            title: line.title ?? null,
          });
        }
      }
      if (receipts.length < 100) return lines;
    }
  }

  const pullSales = (userId: string, since: Date) => receiptLines(userId, since, 'modified');

  return {
    channel: 'etsy',
    // A renewal (inactive, then active again: updateListing's "manually renewing") charges the listing fee again.
    relistFee: money(etsyListingFeeMinor, 'USD'),
    name: 'Etsy',
    // The shop manager's sold orders, opened on the receipt, where the seller cancels it.
    orderUrl: (listingUrl, orderId) =>
      `${siteOf(listingUrl, '/listing/', 'https://www.etsy.com')}/your/orders/sold?order_id=${encodeURIComponent(orderId)}`,
    async connect(userId) {
      return { url: await account.startOAuth(userId) };
    },
    async preflight(userId, itemId): Promise<ChannelPreflight> {
      const result = await preflightOf(userId, itemId);
      return {
        checked: result.checked,
        unavailable: result.unavailable,
        ...(result.notConnected ? { notConnected: true } : {}),
        problems: result.problems,
        categorySuggestions: [],
        condition: null,
      };
    },
    preflightOf,
    async saveWhenMade(userId, itemId, whenMade) {
      await db.transaction(async (tx) => {
        if (!(await lockOwnItem(tx, userId, itemId))) throw itemNotFound();
        await etsyListings.save(tx, userId, itemId, { data: { whenMade } });
      });
    },
    /**
     * The seller said yes: the item's Etsy listing moves onto the shop's processing profile now (its inventory as it
     * is, naming the profile). Etsy cannot undo it, so this runs only on that yes. False: nothing was left to switch.
     */
    async switchProcessingProfile(userId, itemId) {
      const subject = await etsyListings.publishable(db, userId, itemId);
      if (!subject) throw itemNotFound();
      const listingId = subject.listing?.externalId;
      if (!listingId) throw new AppError('CONFLICT', 'This item has no Etsy listing.');
      if (!client) throw notConfigured();
      const s = await account.session(userId);
      const profileId = s.processingProfileId;
      if (!profileId) throw new AppError('CONFLICT', etsyPreflightMessages.processingProfile);
      await etsyListings.update(db, userId, itemId, { data: { processingSwitchConfirmedAt: new Date(now()).toISOString() } });
      const [listing] = (await s.client.getListingsInventory(s.accessToken, [listingId])).results ?? [];
      const products = listing?.inventory?.products ?? [];
      const offerings = products.flatMap((p) => p.offerings ?? []);
      if (!offerings.length || offerings.some((o) => o.readiness_state_id)) return false;
      await s.client.updateListingInventory(
        s.accessToken,
        listingId,
        products.map((p) => {
          const offering = p.offerings?.[0];
          return {
            sku: p.sku ?? subject.item.sku,
            price: offering?.price
              ? toDecimal({ amountMinor: etsyMinor(offering.price), currency: offering.price.currency_code ?? defaultCurrency })
              : 0,
            quantity: offering?.quantity ?? 0,
            processingProfileId: profileId,
          };
        }),
      );
      await etsyListings.update(db, userId, itemId, { data: { profileNamedAt: new Date(now()).toISOString() } });
      log.info({ userId, itemId, listingId }, 'Etsy listing switched to the processing profile (the seller said yes)');
      return true;
    },
    requestPublish,
    publish,
    revise,
    async withdraw(userId, itemId) {
      return Boolean(await setState(userId, itemId, 'inactive'));
    },
    relist: (userId, itemId) => setState(userId, itemId, 'active'),
    end,
    publishFailureOf(error) {
      if (error instanceof EtsyApiError && error.retryable) {
        return {
          kind: 'busy',
          seconds: error.retryAfterSeconds,
          message: error.status === 429 ? 'Etsy asked to slow down.' : 'Etsy had a problem on its side.',
        };
      }
      if (error instanceof EtsyUnreachableError) return { kind: 'unreachable' };
      if (error instanceof EtsyPublishRefused) return { kind: 'refused', message: error.message };
      if (error instanceof EtsyApiError) {
        if (error.status === 401 || error.status === 403) return { kind: 'refused', message: etsyMessages.expired };
        return { kind: 'refused', message: `Etsy refused the listing: ${error.etsyMessage}` };
      }
      if (error instanceof AppError) return { kind: 'refused', message: error.message };
      return { kind: 'unexpected' };
    },
    pullSales,
    pastSales: {
      // getShopReceipts' min_created is at least 946684800 (2000-01-01): Etsy documents no other limit.
      earliest: () => new Date(ETSY_EARLIEST_RECEIPT_S * 1000),
      read: (userId, since) => receiptLines(userId, since, 'created'),
    },
    sellersWithSales: () => account.connectedSellers(),
    itemsOfListings: (userId, listingIds) => etsyListings.itemsOfExternalIds(db, userId, listingIds),
    /** Etsy's fees from its payment account (decision 127): an order not charged in full yet is absent (never guessed). */
    async feesOf(userId, orderIds) {
      if (!client) throw notConfigured();
      const s = await account.session(userId);
      return etsyOrderFees(s, await standingLinesOf(db, userId, 'etsy', orderIds), now());
    },
  };
}

/** The earliest moment getShopReceipts' min_created takes (its documented minimum). */
const ETSY_EARLIEST_RECEIPT_S = 946_684_800;

export interface EtsyPreflight extends ChannelPreflight {
  itemId: string;
  processingSwitch: { profile: string } | null;
  whenMade: EtsyWhenMade | null;
  taxonomy: { id: number; name: string } | null;
}

export type EtsyMarketplace = ReturnType<typeof createEtsyMarketplace>;
