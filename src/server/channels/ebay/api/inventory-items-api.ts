import { nullWhenMissing } from './ebay-api-error';
import { EBAY_US, marketplaceLanguage, type EbayApiContext } from './ebay-api-context';
import { ebayPath } from './ebay-http';
import type { InventoryItem, InventoryItemsPage, InventoryItemWithSku, MigrateListingResponse } from './ebay-types';

/** bulkMigrateListing takes one to five listing ids a call. */
export const MIGRATE_LISTINGS_PER_CALL = 5;

/** Inventory API items: one per SKU (≤ 50 characters). */
export function createInventoryItemsApi({ http, hosts }: EbayApiContext) {
  return {
    /** Creates or fully replaces the item (send every field each time, quantity included), in the marketplace's language. */
    async putInventoryItem(accessToken: string, sku: string, item: InventoryItem, marketplaceId: string = EBAY_US): Promise<void> {
      await http({
        baseUrl: hosts.api,
        path: ebayPath`/sell/inventory/v1/inventory_item/${sku}`,
        method: 'PUT',
        accessToken,
        json: item,
        contentLanguage: marketplaceLanguage(marketplaceId),
        headers: { 'accept-language': marketplaceLanguage(marketplaceId) },
      });
    },
    /** The item, or null when eBay has no item under this SKU. */
    async getInventoryItem(accessToken: string, sku: string): Promise<InventoryItemWithSku | null> {
      const answer = await nullWhenMissing(
        http<InventoryItemWithSku>({
          baseUrl: hosts.api,
          path: ebayPath`/sell/inventory/v1/inventory_item/${sku}`,
          method: 'GET',
          accessToken,
        }),
      );
      return answer?.body ?? null;
    },
    /**
     * Deletes the item with its unpublished offers and ends any listing of the SKU, which frees the SKU. An item
     * eBay no longer has counts as deleted.
     */
    async deleteInventoryItem(accessToken: string, sku: string): Promise<void> {
      await nullWhenMissing(
        http({ baseUrl: hosts.api, path: ebayPath`/sell/inventory/v1/inventory_item/${sku}`, method: 'DELETE', accessToken }),
      );
    },
    /**
     * One page of the seller's inventory items. The contract calls `offset` the page number; the page answers
     * `next` (a URL) while more remain, whose own `offset` this reads back, so either reading of it is followed.
     */
    async getInventoryItems(
      accessToken: string,
      page: { limit: number; offset: number },
    ): Promise<InventoryItemsPage & { nextOffset: number | null }> {
      const { body } = await http<InventoryItemsPage>({
        baseUrl: hosts.api,
        path: '/sell/inventory/v1/inventory_item',
        method: 'GET',
        accessToken,
        query: { limit: String(page.limit), offset: String(page.offset) },
      });
      const next = body?.next ? new URL(body.next, hosts.api).searchParams.get('offset') : null;
      return { ...body, nextOffset: next === null || Number.isNaN(Number(next)) ? null : Number(next) };
    },
    /**
     * Moves listings made on eBay's site into the Inventory API (fixed price with a SKU only): each listing answers
     * its own statusCode, SKU and offer id, or eBay's errors saying why it was not moved.
     */
    async bulkMigrateListing(accessToken: string, listingIds: string[]): Promise<MigrateListingResponse[]> {
      const { body } = await http<{ responses?: MigrateListingResponse[] }>({
        baseUrl: hosts.api,
        path: '/sell/inventory/v1/bulk_migrate_listing',
        method: 'POST',
        accessToken,
        json: { requests: listingIds.map((listingId) => ({ listingId })) },
      });
      return body?.responses ?? [];
    },
  };
}
