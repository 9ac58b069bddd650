import type { ReactNode } from 'react';
import type { ListedItem } from '@shared/contracts/items';
import type { SimulatedSaleOffer } from '@shared/contracts/sales';
import type { AssistedChannel } from '@shared/domain/channel-listing';
import type { OpenHandover } from '@/entities/channels/channel-badges';

/** The Manage Photos dialog (composed by the app from the photos feature). */
export type PhotoManager = (props: { itemId: string; open: boolean; onOpenChange(open: boolean): void }) => ReactNode;
/**
 * A button that adds photos to an existing product (composed by the app from the upload feature); `inMenu`: drawn
 * as an item of the phone's menu (role menuitem).
 */
export type PhotoAdder = (props: { itemId: string; sku: string; inMenu?: boolean }) => ReactNode;

/** Slots the app fills with other features' parts. */
export interface ProductCardSlots {
  photoManager?: PhotoManager;
  photoAdder?: PhotoAdder;
  /** The item's cost and profit (composed by the app from the sales feature). */
  itemProfit?: (item: ListedItem) => ReactNode;
  /** Opens an assisted listing's handover from its "Ready to list on ..." badge (the channels feature's sheet). */
  onOpenHandover?: OpenHandover;
  /** What a sale left to do: "Still live on Etsy: end it now", "Sold twice: ..." (the channels feature's). */
  saleAlerts?: (item: ListedItem) => ReactNode;
  /** "Sold on Depop": records a sale made on an assisted marketplace (composed by the app from the channels feature). */
  recordSale?: RecordSaleSlot;
  /** "Simulate a sale" on each simulated channel that offers it (the web channel registry's; a stable list). */
  simulatedSales?: readonly SimulatedSaleOffer[];
  /**
   * The card's status where another feature knows better (the autopilot's: an item waiting in its review queue is not
   * "Ready"); `status` is the card's own, shown otherwise.
   */
  cardStatus?: CardStatusSlot;
}

export type CardStatusSlot = (props: { item: ListedItem; status: ReactNode }) => ReactNode;

/** The dialog recording a sale on an assisted channel, mounted while open. */
export type RecordSaleSlot = (props: {
  item: ListedItem;
  channel: AssistedChannel;
  open: boolean;
  onOpenChange(open: boolean): void;
}) => ReactNode;
