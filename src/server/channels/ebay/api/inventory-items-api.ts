import { nullWhenMissing } from './ebay-api-error';
import { EBAY_US, writtenIn, type EbayApiContext } from './ebay-api-context';
import { ebayApi } from './ebay-http';
import type { InventoryItem, InventoryItemsPage, InventoryItemWithSku, InventoryPaths, MigrateListingResponse } from './ebay-types';

/** bulkMigrateListing takes one to five listing ids a call. */
export const MIGRATE_LISTINGS_PER_CALL = 5;

/** Inventory API items: one per SKU (≤ 50 characters). */
export function createInventoryItemsApi(context: EbayApiContext) {
  const inventory = ebayApi<InventoryPaths>(context, 'api', '/sell/inventory/v1');
  return {
    /** Creates or fully replaces the item (send every field each time, quantity included), in the marketplace's language. */
    async putInventoryItem(accessToken: string, sku: string, item: InventoryItem, marketplaceId: string = EBAY_US): Promise<void> {
      const { header, headers } = writtenIn(marketplaceId);
      await inventory(accessToken).PUT('/inventory_item/{sku}', { params: { header, path: { sku } }, headers, body: item });
    },
    /** The item, or null when eBay has no item under this SKU. */
    async getInventoryItem(accessToken: string, sku: string): Promise<InventoryItemWithSku | null> {
      const answer = await nullWhenMissing(inventory(accessToken).GET('/inventory_item/{sku}', { params: { path: { sku } } }));
      return answer?.data ?? null;
    },
    /**
     * Deletes the item with its unpublished offers and ends any listing of the SKU, which frees the SKU. An item
     * eBay no longer has counts as deleted.
     */
    async deleteInventoryItem(accessToken: string, sku: string): Promise<void> {
      await nullWhenMissing(inventory(accessToken).DELETE('/inventory_item/{sku}', { params: { path: { sku } } }));
    },
    /**
     * One page of the seller's inventory items. The contract calls `offset` the page number; the page answers
     * `next` (a URL) while more remain, whose own `offset` this reads back, so either reading of it is followed.
     */
    async getInventoryItems(
      accessToken: string,
      page: { limit: number; offset: number },
    ): Promise<InventoryItemsPage & { nextOffset: number | null }> {
      const { data } = await inventory(accessToken).GET('/inventory_item', {
        params: { query: { limit: String(page.limit), offset: String(page.offset) } },
      });
      const next = data?.next ? new URL(data.next, context.hosts.api).searchParams.get('offset') : null;
      return { ...data, nextOffset: next === null || Number.isNaN(Number(next)) ? null : Number(next) };
    },
    /**
     * Moves listings made on eBay's site into the Inventory API (fixed price with a SKU only): each listing answers
     * its own statusCode, SKU and offer id, or eBay's errors saying why it was not moved (200 when all moved, 207
     * otherwise).
     */
    async bulkMigrateListing(accessToken: string, listingIds: string[]): Promise<MigrateListingResponse[]> {
      const { data } = await inventory(accessToken).POST('/bulk_migrate_listing', {
        params: { header: { 'Content-Type': 'application/json' } },
        body: { requests: listingIds.map((listingId) => ({ listingId })) },
      });
      // Some moved and some not answers 207, whose body the document types as an Error; eBay (and the fake) send the
      // same `responses` then, which is read whichever the body is.
      return data && 'responses' in data ? (data.responses ?? []) : [];
    },
  };
}
