import { ownPriceOf } from '../../../price-rules/channel-price';
import { publishMessages } from '@shared/contracts/publish';
import { ebayPublishMessages } from '@shared/contracts/ebay-publish';
import { contentTypeOfKey, type Storage } from '../../../adapters/storage/storage';
import type { EbayClient } from '../api/ebay-client';
import type { Db } from '../../../db/client';
import type { EbayCatalog } from './ebay-catalog';
import { brandOf, preflightListingOf, inventoryItemOf, offerOf, packageOf, type PublishTerms } from './ebay-listing-body';
import { createSellerPoliciesReader, type SellerPoliciesReader } from './seller-policies';
import { productSafetyFactsOf } from '../product-safety/facts';
import { regulatoryOf } from '../product-safety/regulatory';
import { claimEbaySku } from './ebay-sku-claim-repo';
import { withdrawOffer } from '../account/listing-end';
import { ebayDataOf } from '../listing-data';
import { ebayListingOf } from '../listing-repo';
import { preflight } from './preflight';
import * as repo from './repo';
import { stockLeftOf } from '../../../sales/stock-left';
import { blockersText } from './publish-blockers';
import { PublishRefused } from './publish-refused';
import type { SellerSession, SellerSessions } from './seller-session';

/** The steps of a publish, in order; a test can stop the publisher after any of them, as a crash would. */
export type PublishStep = 'images' | 'item' | 'offer' | 'published';

export interface ListingPublisherDeps {
  db: Db;
  storage: Storage;
  sellers: SellerSessions;
  /** The cached eBay catalogue for the session's client (catalogPerClient). */
  catalog: (client: EbayClient, marketplaceId?: string) => EbayCatalog;
  /** The seller's policies as eBay holds them (shared with the pre-flight's); a reader of its own when absent. */
  policies?: SellerPoliciesReader;
  now?: () => number;
  /** Called after each step (tests throw here to stand in for a crash). */
  afterStep?: (step: PublishStep, itemId: string) => Promise<void> | void;
}

/** A photo eBay keeps less than this long is uploaded again rather than risk a listing with an expired picture. */
const IMAGE_MIN_LIFE_MS = 24 * 60 * 60 * 1000;

/**
 * Publishes one item to eBay, idempotently: every step is safe to run again after a failure or a crash at any
 * point. Photos go through the Media API once (their eBay URLs are kept per photo), the inventory item is a full
 * replacement, the SKU's one offer is found and updated or created (saveOfferForSku), and publishing an offer that
 * is already live answers its listing again. So a retry never makes a second offer or listing.
 */
export function createListingPublisher(deps: ListingPublisherDeps) {
  const now = deps.now ?? Date.now;
  const policies = deps.policies ?? createSellerPoliciesReader();

  async function ebayImageUrls(session: SellerSession, userId: string, images: repo.PublishImageRow[]): Promise<string[]> {
    const urls: string[] = [];
    for (const image of images) {
      const fresh = image.ebayImageUrl && (!image.ebayImageExpiresAt || image.ebayImageExpiresAt.getTime() > now() + IMAGE_MIN_LIFE_MS);
      if (fresh && image.ebayImageUrl) {
        urls.push(image.ebayImageUrl);
        continue;
      }
      const data = await deps.storage.get(image.storagePath);
      const hosted = await session.client.media.createImageFromFile(session.accessToken, {
        data,
        filename: image.storagePath.split('/').pop() ?? 'photo.jpg',
        contentType: contentTypeOfKey(image.storagePath),
      });
      const expiresAt = hosted.expirationDate ? new Date(hosted.expirationDate) : null;
      await repo.saveEbayImage(deps.db, userId, image.id, {
        url: hosted.imageUrl,
        expiresAt: expiresAt && !Number.isNaN(expiresAt.getTime()) ? expiresAt : null,
      });
      urls.push(hosted.imageUrl);
    }
    return urls;
  }

  /**
   * The item's listing as eBay gets it: checked against eBay's rules, its SKU claimed, its photos hosted, the
   * inventory item replaced in full and the SKU's offer saved. Answers the session and the offer id.
   */
  async function sendListing(userId: string, subject: repo.PublishableItem) {
    const { item, images, listing } = subject;
    // What is left of the item's stock after every channel's sales (decision 083): never a unit already sold anywhere.
    const listed = listing?.quantity ?? 1;
    const left = await stockLeftOf(deps.db, userId, item.id);
    const price = ownPriceOf(listing);
    if (!price || price.amountMinor <= 0) throw new PublishRefused(publishMessages.missingRequired);
    const terms: PublishTerms = { price, quantity: left };
    if (left <= 0) throw new PublishRefused(ebayPublishMessages.soldOut(listed));

    const session = await deps.sellers.forUser(userId);
    if (price.currency !== session.currency) throw new PublishRefused(ebayPublishMessages.otherCurrency(price.currency, session.currency));
    const safety = await productSafetyFactsOf(deps.db, userId, session.marketplaceId, brandOf(item));
    const check = await preflight(
      preflightListingOf(subject, safety),
      deps.catalog(session.client, session.marketplaceId),
      await policies.read(session),
    );
    if (check.problems.length > 0 || !check.condition || !item.ebayCategoryId) {
      throw new PublishRefused(
        blockersText(check.problems.map((p) => p.message)) || 'Please fix validation errors before publishing',
        check.problems,
      );
    }

    // Never a SKU this item did not create on eBay (another shop's listing would be replaced).
    const ebaySku = await claimEbaySku(deps.db, session, userId, item);
    const imageUrls = await ebayImageUrls(session, userId, images);
    await deps.afterStep?.('images', item.id);
    await session.client.inventory.putInventoryItem(
      session.accessToken,
      ebaySku,
      inventoryItemOf(
        item,
        imageUrls,
        check.condition,
        terms,
        check.categoryAspects,
        check.normalisedAspects,
        packageOf(listing),
        session.marketplaceId,
      ),
      session.marketplaceId,
    );
    await deps.afterStep?.('item', item.id);
    const { offerId, liveListingId } = await session.client.offers.saveOfferForSku(
      session.accessToken,
      offerOf({ ...item, sku: ebaySku }, item.ebayCategoryId, session, terms, safety.details ? regulatoryOf(safety.details) : undefined),
    );
    await repo.saveOfferId(deps.db, userId, item.id, offerId);
    await deps.afterStep?.('offer', item.id);
    return { session, offerId, liveListingId };
  }

  return {
    /** Runs every step for the item; throws an EbayApiError, a PublishRefused, or whatever else went wrong. */
    async publish(userId: string, itemId: string): Promise<{ listingId: string; listingUrl: string } | null> {
      const subject = await repo.publishableItem(deps.db, userId, itemId);
      if (!subject) return null; // deleted meanwhile
      const { session, offerId, liveListingId } = await sendListing(userId, subject);
      // eBay already published this offer (its answer was lost to a crash before our commit): recorded, not published
      // a second time. The offer was updated above, which revises that live listing in place.
      const listingId = liveListingId ?? (await session.client.offers.publishOffer(session.accessToken, offerId)).listingId;
      await deps.afterStep?.('published', itemId);
      const listingUrl = session.client.listingUrl(listingId);
      await repo.markPublished(deps.db, userId, itemId, { listingId, listingUrl });
      return { listingId, listingUrl };
    },

    /**
     * Revises the item's live listing in place (ebay.md: PUT inventory_item and PUT offer update a live listing):
     * the same steps as a publish without the publish, so a listing ended meanwhile is not put up again. The SKU's
     * offer is the one the publish made (saveOfferForSku finds it), so no second offer. Throws as publish does.
     */
    async revise(userId: string, itemId: string): Promise<{ listingId: string; listingUrl: string } | null> {
      const subject = await repo.publishableItem(deps.db, userId, itemId);
      if (!subject) return null;
      const { listing } = subject;
      if (!listing?.externalId || !listing.url) throw new PublishRefused('This item has no live eBay listing to update');
      await sendListing(userId, subject);
      return { listingId: listing.externalId, listingUrl: listing.url };
    },

    /**
     * Ends the item's live listing and keeps its offer to publish again (ebay.md: withdraw). Safe to repeat: an offer
     * eBay no longer has published counts as withdrawn. False: the item is gone.
     */
    async withdraw(userId: string, itemId: string): Promise<boolean> {
      const listing = await ebayListingOf(deps.db, userId, itemId);
      if (!listing) return false;
      const { offerId } = ebayDataOf(listing.data);
      if (!offerId) return true; // never offered: nothing on eBay to end
      const session = await deps.sellers.forUser(userId);
      await withdrawOffer(session.client, session.accessToken, offerId);
      return true;
    },
  };
}

export type ListingPublisher = ReturnType<typeof createListingPublisher>;
