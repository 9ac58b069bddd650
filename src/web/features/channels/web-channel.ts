import type { ComponentType } from 'react';
import type { SimulatedSaleOffer } from '@shared/contracts/sales';
import type { ApiChannel } from '@shared/domain/channel-listing';

/**
 * A marketplace on the web side (decision 071): `features/channels/<name>/index.ts` exports one, and
 * `features/channels/registry.ts` lists them. The Marketplaces screen, the item's channel panel and the channel
 * picker draw each channel from here, so adding one is its folder and one line in the registry.
 */
export interface WebChannel {
  name: ApiChannel;
  /** As sellers know it: "eBay". */
  label: string;
  /** Its section of the Marketplaces screen: the connection, and whatever the channel needs set up. */
  MarketplacesSection: ComponentType;
  /** What it asks of one item under the listing (Etsy: when it was made), shown once the seller is connected. */
  ItemSection?: ComponentType<{ itemId: string }>;
  /** Said in the channel picker while the channel is the simulation (nothing is listed for real). */
  SimulatedPickerNote?: ComponentType;
  /** Its selling rules on the Profit screen, beside the profit floor that bounds them (eBay: offers to interested buyers). */
  SellingRulesSection?: ComponentType;
  /** "Simulate a sale" on the dashboard card of an item live on the channel's simulation (absent: none). */
  simulatedSale?: Omit<SimulatedSaleOffer, 'channel'>;
}
