import { nullWhenMissing } from './ebay-api-error';
import { CONTENT_LANGUAGE, type EbayApiContext } from './ebay-api-context';
import { ebayPath } from './ebay-http';
import type { InventoryItem, InventoryItemWithSku } from './ebay-types';

/** Inventory API items: one per SKU (≤ 50 characters). */
export function createInventoryItemsApi({ http, hosts }: EbayApiContext) {
  return {
    /** Creates or fully replaces the item (send every field each time, quantity included). */
    async putInventoryItem(accessToken: string, sku: string, item: InventoryItem): Promise<void> {
      await http({
        baseUrl: hosts.api,
        path: ebayPath`/sell/inventory/v1/inventory_item/${sku}`,
        method: 'PUT',
        accessToken,
        json: item,
        contentLanguage: CONTENT_LANGUAGE,
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
  };
}
