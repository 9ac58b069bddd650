import { EbayApiError, nullWhenMissing } from './ebay-api-error';
import { CONTENT_LANGUAGE, type EbayApiContext } from './ebay-api-context';
import { ebayApi } from './ebay-http';
import type { InventoryLocationFull, InventoryLocationResponse, InventoryPaths } from './ebay-types';

/** Inventory API locations: where items ship from. A publish without one fails with 25002 "No <Item.Country>". */
export function createInventoryLocationsApi(context: EbayApiContext) {
  const inventory = ebayApi<InventoryPaths>(context, 'api', '/sell/inventory/v1');
  return {
    /**
     * Creates the location; an existing key (409) counts as success and answers created: false. Content-Language is
     * not among the document's parameters of this call; it is sent as it always was.
     */
    async createInventoryLocation(
      accessToken: string,
      merchantLocationKey: string,
      location: InventoryLocationFull,
    ): Promise<{ created: boolean }> {
      try {
        await inventory(accessToken).POST('/location/{merchantLocationKey}', {
          params: { header: { 'Content-Type': 'application/json' }, path: { merchantLocationKey } },
          headers: { 'content-language': CONTENT_LANGUAGE },
          body: location,
        });
        return { created: true };
      } catch (error) {
        if (error instanceof EbayApiError && error.httpStatus === 409) return { created: false };
        throw error;
      }
    },
    /** The location, or null when eBay has none under this key. */
    async getInventoryLocation(accessToken: string, merchantLocationKey: string): Promise<InventoryLocationResponse | null> {
      const answer = await nullWhenMissing(
        inventory(accessToken).GET('/location/{merchantLocationKey}', { params: { path: { merchantLocationKey } } }),
      );
      return answer?.data ?? null;
    },
  };
}
