import type { FastifyBaseLogger } from 'fastify';
import { departmentOf } from '@shared/domain/catalog';
import { ebayCategoryOf } from '@shared/domain/ebay-categories';
import { ebayDeleteMessages } from '@shared/domain/ebay-delete';
import { AppError } from '@shared/errors';
import type { Db } from '../../db/client';
import { siteOf, type Marketplace, type ChannelPreflight, type EndOutcome, type PreflightSupposing } from '../marketplace';
import { EbayApiError, EbayUnreachableError } from './api/ebay-api-error';
import type { EbayClient } from './api/ebay-client';
import { createEbayListingEnd, endRefusal } from './account/listing-end';
import type { EbayAccountService } from './account/service';
import type { EbayCatalog } from './publish/ebay-catalog';
import { brandOf, preflightListingOf } from './publish/ebay-listing-body';
import { productSafetyFactsOf } from './product-safety/facts';
import type { ListingPublisher } from './publish/listing-publisher';
import { PublishRefused } from './publish/publish-refused';
import { preflight, type SellerPolicies } from './publish/preflight';
import { sizeQuestionOf } from './publish/size-question';
import type { EbayConnection } from '@shared/contracts/ebay';
import type { BulkPublishResponse } from '@shared/contracts/publish';
import type { SellerPoliciesReader } from './publish/seller-policies';
import { publishFailureOf } from './publish/publish-errors';
import { publishReadinessOf, readinessAccountOf } from './publish/readiness-check';
import { ebayPricingOf } from './publish/publish-pricing';
import { publishableItem, type PublishableItem } from './publish/repo';
import { createPublishService } from './publish/service';
import { itemsOfEbayListings } from './listing-repo';
import { ebayStateOfItems, forgetEbayListings, markEbayListingsEnded } from './listing-state-repo';
import { ebayOrderFees } from './sales/order-fees';
import { pullEbayOrderLines } from './sales/pull-orders';
import { ORDERS_HISTORY_DAYS, ORDERS_PAGE_LIMIT_MAX } from './api/fulfillment-api';
import { findCredentials, liveConnections } from './account/repo';
import { scopesReadOrders } from './api/ebay-oauth';
import { ebaySalesMessages } from '@shared/domain/ebay-sales';
import { ebaySiteOfSeller } from './seller-site';
import { needsSellerToConnect } from '../oauth/token-keeper';

/** eBay allows at most 250 revisions of one listing a day (decision 090). */
export const EBAY_DAILY_REVISIONS = 250;

export interface EbayMarketplaceDeps {
  db: Db;
  /** The seller's eBay account: connection, tokens, policies. */
  account: EbayAccountService;
  /** Null when the server has no eBay keyset (and no simulated eBay). */
  client: EbayClient | null;
  publisher: ListingPublisher;
  /** The cached eBay catalogue for a client (catalogPerClient), shared with the publisher. */
  catalog: (client: EbayClient, marketplaceId?: string) => EbayCatalog;
  /** The seller's policies as eBay holds them (shared with the publisher's reader and its cache). */
  policies: SellerPoliciesReader;
  log: FastifyBaseLogger;
}

const notConfigured = () => new AppError('CONFLICT', 'eBay is not configured on this server');

/**
 * The item as it would be of the supposed category: listed in that category's eBay category (decision 066), its
 * department following from it; the eBay category it has is kept only where its category stays the same.
 */
function supposedItem(subject: PublishableItem | undefined, supposing: PreflightSupposing | undefined, marketplaceId?: string) {
  if (!subject || !supposing || (supposing.category === subject.item.category && !supposing.department)) return subject;
  const department = departmentOf(supposing.category) ?? supposing.department ?? subject.item.extractedDepartment;
  const ebayCategory = ebayCategoryOf(supposing.category, department, marketplaceId);
  return {
    ...subject,
    item: {
      ...subject.item,
      category: supposing.category,
      extractedDepartment: department,
      ebayCategoryId: ebayCategory?.id ?? null,
      ebayCategoryName: ebayCategory?.name ?? null,
    },
  };
}

/** eBay behind the Marketplace interface: the account, the idempotent publisher, the pre-flight and ending. */
export function createEbayMarketplace(deps: EbayMarketplaceDeps): Marketplace {
  const { db, account, client, publisher, log } = deps;
  const listingEnd = createEbayListingEnd({ ebay: account, client });
  const publishService = createPublishService({ db });

  /**
   * The seller's policies as eBay holds them, by the ids of their connection; null when they have not set all three
   * (the account check names that). Never the publish session: that one creates a missing location.
   */
  async function sellerPoliciesOf(userId: string, connection: EbayConnection): Promise<SellerPolicies | null> {
    const { paymentPolicyId, fulfillmentPolicyId, returnPolicyId } = connection.policies;
    if (!client || !paymentPolicyId || !fulfillmentPolicyId || !returnPolicyId) return null;
    return deps.policies.read({
      ...(await account.userSession(userId)),
      marketplaceId: connection.marketplaceId,
      listingPolicies: { paymentPolicyId, fulfillmentPolicyId, returnPolicyId },
    });
  }

  async function preflightOf(userId: string, itemId: string, supposing?: PreflightSupposing): Promise<ChannelPreflight> {
    const result: ChannelPreflight = { checked: false, unavailable: null, problems: [], categorySuggestions: [], condition: null };
    const found = await publishableItem(db, userId, itemId);
    if (!found || !client) return result;
    const { connection } = await account.getConnection(userId);
    if (connection?.status !== 'connected') return result;
    const subject = supposedItem(found, supposing, connection.marketplaceId)!;
    try {
      const safety = await productSafetyFactsOf(db, userId, connection.marketplaceId, brandOf(subject.item));
      const check = await preflight(
        preflightListingOf(subject, safety, undefined, await ebayPricingOf(db, userId)),
        deps.catalog(client, connection.marketplaceId),
        await sellerPoliciesOf(userId, connection),
      );
      result.checked = true;
      result.problems = check.problems;
      result.categorySuggestions = check.categorySuggestions;
      result.condition = check.condition ? { id: check.condition.id, label: check.condition.label } : null;
    } catch (err) {
      if (needsSellerToConnect(err)) {
        // eBay no longer takes the connection (its refresh refused): the seller's to make again, not "just now".
        result.notConnected = true;
        result.unavailable = (err as Error).message;
        return result;
      }
      log.warn({ err, itemId }, 'eBay pre-flight could not reach eBay');
      result.unavailable = "Could not check the category against eBay's rules just now";
    }
    return result;
  }

  /** eBay's size question of the item (size-question.ts), before it is written or queued; none where eBay cannot be read. */
  async function sizeQuestions(userId: string, itemId: string): Promise<Pick<ChannelPreflight, 'problems' | 'unavailable'>> {
    const subject = await publishableItem(db, userId, itemId);
    if (!subject || !client) return { problems: [], unavailable: null };
    const { connection } = await account.getConnection(userId);
    // Not connected: eBay's values cannot be read; the pre-flight asks before publish, once it can.
    if (connection?.status !== 'connected') return { problems: [], unavailable: null };
    try {
      return {
        problems: await sizeQuestionOf(subject, deps.catalog(client, connection.marketplaceId), connection.marketplaceId),
        unavailable: null,
      };
    } catch (err) {
      log.warn({ err, itemId }, 'eBay size question could not reach eBay');
      return { problems: [], unavailable: "Could not read eBay's sizes just now" };
    }
  }

  async function end(
    userId: string,
    itemIds: string[],
    { itemsGo, afterSale = false }: { itemsGo: boolean; afterSale?: boolean },
  ): Promise<EndOutcome> {
    const outcome: EndOutcome = { ended: [], refused: [] };
    for (const state of await ebayStateOfItems(db, userId, itemIds)) {
      if (state.publishStatus === 'publishing') {
        outcome.refused.push({ itemId: state.id, sku: state.sku, message: ebayDeleteMessages.publishing(state.sku) });
      } else if (state.listingId && state.offerId) {
        try {
          if (!client) throw notConfigured();
          await listingEnd.end(userId, state);
          outcome.ended.push(state.id);
          log.info({ userId, itemId: state.id, listingId: state.listingId }, 'eBay listing ended');
        } catch (err) {
          log.warn({ userId, itemId: state.id, err }, 'eBay listing not ended; item kept');
          outcome.refused.push({ itemId: state.id, sku: state.sku, message: endRefusal(state.sku, err) });
        }
      } else if (itemsGo && state.ebaySku && client) {
        await listingEnd
          .free(userId, state)
          .catch((err: unknown) => log.warn({ userId, itemId: state.id, err }, 'eBay SKU of a deleted item left on eBay'));
      }
    }
    // After a sale elsewhere the listing stays, ended; items that stay otherwise no longer show their ended listing.
    if (afterSale && outcome.ended.length) await markEbayListingsEnded(db, userId, outcome.ended);
    else if (!itemsGo && outcome.ended.length) await forgetEbayListings(db, userId, outcome.ended);
    return outcome;
  }

  return {
    channel: 'ebay',
    name: 'eBay',
    // At most 250 revisions of a listing a day (eBay's limit): the revise job counts them.
    dailyRevisionLimit: EBAY_DAILY_REVISIONS,
    // Seller Hub's order details, where the seller cancels it.
    orderUrl: (listingUrl, orderId) =>
      `${siteOf(listingUrl, '/itm/', 'https://www.ebay.com')}/sh/ord/details?orderid=${encodeURIComponent(orderId)}`,
    async connect(userId) {
      return { url: await account.startOAuth(userId) };
    },
    preflight: preflightOf,
    questionsBeforeWriting: sizeQuestions,
    async publishBlockers(userId, itemId) {
      const subject = await publishableItem(db, userId, itemId);
      if (!subject) throw new AppError('NOT_FOUND', 'Item not found');
      const { connection } = await account.getConnection(userId);
      return publishReadinessOf(subject, readinessAccountOf(connection), await ebayPricingOf(db, userId)).result.errors;
    },
    async requestPublish(userId, itemIds) {
      // A size eBay's category lists no value for is asked before anything is queued (never refused after "List on").
      const asked: BulkPublishResponse['refused'] = [];
      for (const itemId of new Set(itemIds)) {
        const subject = await publishableItem(db, userId, itemId);
        const { problems } = subject ? await sizeQuestions(userId, itemId) : { problems: [] };
        if (subject && problems.length)
          asked.push({ itemId, sku: subject.item.sku, message: problems.map((p) => p.message).join(' '), fixOn: 'listing' });
      }
      const rest = itemIds.filter((id) => !asked.some((refusal) => refusal.itemId === id));
      const answer: BulkPublishResponse = rest.length
        ? await publishService.requestBulkPublish(userId, rest)
        : { queued: [], alreadyQueued: [], refused: [] };
      return { ...answer, refused: [...asked, ...answer.refused] };
    },
    publish: (userId, itemId) => publisher.publish(userId, itemId),
    // The inventory item replaced in full and the SKU's offer updated revise the live listing; no publish.
    revise: (userId, itemId) => publisher.revise(userId, itemId),
    withdraw: (userId, itemId) => publisher.withdraw(userId, itemId),
    // Publishing the withdrawn offer again, with the item as it is now: the publish's steps, each safe to repeat.
    relist: (userId, itemId) => publisher.publish(userId, itemId),
    end,
    publishFailureOf(error) {
      if (error instanceof EbayApiError && error.retryable) {
        return { kind: 'busy', seconds: error.retryAfterSeconds ?? null, message: publishFailureOf(error).message };
      }
      if (error instanceof EbayUnreachableError) return { kind: 'unreachable' };
      if (error instanceof PublishRefused) return { kind: 'refused', message: error.message };
      if (error instanceof EbayApiError) return { kind: 'refused', message: publishFailureOf(error).message };
      return { kind: 'unexpected' };
    },
    async pullSales(userId, since) {
      if (!client) throw notConfigured();
      const credentials = await findCredentials(db, userId);
      if (credentials && !scopesReadOrders(credentials.scopes)) throw new AppError('CONFLICT', ebaySalesMessages.reconnect);
      return pullEbayOrderLines({ client, account }, userId, since);
    },
    pastSales: {
      // A day short of eBay's two years, so a clock ahead of eBay's never asks past its limit (30830).
      earliest: (now) => new Date(now.getTime() - (ORDERS_HISTORY_DAYS - 1) * 86_400_000),
      async read(userId, since) {
        if (!client) throw notConfigured();
        const credentials = await findCredentials(db, userId);
        if (credentials && !scopesReadOrders(credentials.scopes)) throw new AppError('CONFLICT', ebaySalesMessages.reconnect);
        return pullEbayOrderLines({ client, account }, userId, since, ORDERS_PAGE_LIMIT_MAX, 'created');
      },
    },
    async sellersWithSales() {
      if (!client) return [];
      const connections = await liveConnections(db, new Date());
      return connections.filter((row) => scopesReadOrders(row.scopes)).map((row) => row.userId);
    },
    itemsOfListings: (userId, listingIds) => itemsOfEbayListings(db, userId, listingIds),
    async feesOf(userId, orderIds) {
      if (!client) throw notConfigured();
      const { marketplaceId } = await ebaySiteOfSeller(db, userId);
      return ebayOrderFees({ client, account, log }, userId, orderIds, marketplaceId);
    },
  };
}
