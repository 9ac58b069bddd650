import { EbayApiError, nullWhenMissing } from './ebay-api-error';
import { CONTENT_LANGUAGE, type EbayApiContext } from './ebay-api-context';
import { ebayPath } from './ebay-http';
import type { InventoryLocationFull, InventoryLocationResponse } from './ebay-types';

/** Inventory API locations: where items ship from. A publish without one fails with 25002 "No <Item.Country>". */
export function createInventoryLocationsApi({ http, hosts }: EbayApiContext) {
  return {
    /** Creates the location; an existing key (409) counts as success and answers created: false. */
    async createInventoryLocation(
      accessToken: string,
      merchantLocationKey: string,
      location: InventoryLocationFull,
    ): Promise<{ created: boolean }> {
      try {
        await http({
          baseUrl: hosts.api,
          path: ebayPath`/sell/inventory/v1/location/${merchantLocationKey}`,
          method: 'POST',
          accessToken,
          json: location,
          contentLanguage: CONTENT_LANGUAGE,
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
        http<InventoryLocationResponse>({
          baseUrl: hosts.api,
          path: ebayPath`/sell/inventory/v1/location/${merchantLocationKey}`,
          method: 'GET',
          accessToken,
        }),
      );
      return answer?.body ?? null;
    },
  };
}
