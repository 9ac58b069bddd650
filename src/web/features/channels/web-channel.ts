import type { ComponentType, ReactNode } from 'react';
import type { ListingItem } from '@shared/contracts/listings';
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
  /** Its large button on the dashboard, to its own screen (eBay: "Publish to eBay"); absent: none. */
  dashboardAction?: { label: string; detail: string; to: string };
  /** "Simulate a sale" on the dashboard card of an item live on the channel's simulation (absent: none). */
  simulatedSale?: Omit<SimulatedSaleOffer, 'channel'>;
  /** Its own questions in the autopilot's review form, each saved to it (Etsy: when it was made; Depop: its size). */
  reviewAnswers?: readonly { question: string; save(itemId: string, answer: string): Promise<void> }[];
  /** The screens of its own it adds to the app's routes (eBay: its screen, its consent callback, its config test). */
  screens?: readonly ChannelScreen[];
}

/** What the app composes into a channel's screen: features do not import each other, so `app/` hands them in. */
export interface ChannelScreenProps {
  /** The listing edit of the Generate Listings screen, for the channel's own "Edit Item Details". */
  renderEditDetails?: (item: ListingItem, onDone: () => void) => ReactNode;
}

/** A route a channel contributes: its code is a chunk of its own, loaded on first render or prefetched. */
export interface ChannelScreen {
  /** One of `webPaths` (the server answers 404 outside them). */
  path: string;
  /** Behind the sign-in gate, in the signed-in frame; else a page of its own (a consent popup lands on one). */
  signedIn: boolean;
  /** Prefetched from the dashboard while the browser is idle (a screen the seller is likely to open next). */
  likelyNext?: boolean;
  load(): Promise<ComponentType<ChannelScreenProps>>;
}
