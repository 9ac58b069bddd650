import type { ListingChange } from '../domain/channel-listing';
import type { Money } from '../domain/money';
import type { ListedItem, PublishStatus } from './items';

/**
 * A listing's publish state as the seller's cards show it: null status while never sent. `price` is the listing's own
 * price (null: none saved, the asking price applies), `quantity` its quantity.
 */
export interface PublishState {
  status: PublishStatus | null;
  listingUrl: string | null;
  error: string | null;
  price: Money | null;
  quantity: number;
  change: ListingChange | null;
}

/** A marketplace's category (its own id and name) and condition grade for an item's listing there: nulls where none. */
export interface ListedCategory {
  categoryId: string | null;
  categoryName: string | null;
  conditionGrade: string | null;
}

/**
 * What the channel-neutral code (the cards, the photo editor, the autopilot) asks of a marketplace, each marketplace's
 * own answers in its own file (`<name>-traits.ts`) and listed in marketplace-registry.ts (decision 173). A trait left
 * out is the neutral answer: no publish state of its own on the card, no photo minimum, off the autopilot by default.
 */
export interface MarketplaceTraits {
  /**
   * The item's listing on the marketplace as its own publish state: then it is the card's status (Published, Ended,
   * Failed...) rather than a channel badge beside it; null while there is none to show.
   */
  publishStateOf?(item: Pick<ListedItem, 'listings'>): PublishState | null;
  /**
   * It has active listings like an item, behind a price (its server module's `comparables`): the autopilot's price
   * rule, the price list and the comparables panel name it; `simulatedTitle` heads them while its simulation answers.
   */
  comparables?: { simulatedTitle: string };
  /** The category and condition grade its listing of the item names (the listing's details show them); absent: none. */
  listedCategoryOf?(item: Pick<ListedItem, 'listings'>): ListedCategory;
  /** Its own screen's path (eBay's), where the seller fixes what only it can; absent: its section on Marketplaces. */
  screenPath?: string;
  /** Deleting the item ends its live listing there first (the listing has a link): the confirmation says so. */
  deleteEndsLiveListing?: boolean;
  /** The most characters its listing titles take: a longer title is said to be longer than it recommends. */
  titleMaxChars?: number;
  /** Its picture policy's shortest longest side, in pixels: a crop below it is warned about before it is saved. */
  photoMinimumLongSidePx?: number;
  /** A new seller's autopilot publishes to it until the seller chooses its marketplaces. */
  onAutopilotByDefault?: boolean;
  /**
   * What the app reads of the marketplace's own about items like one that carries no dates (eBay's "comparables"), for
   * "eBay’s comparables carry no dates" where a days-to-sale figure cannot rest on it; absent: nothing of its own.
   */
  undatedSignal?: string;
}
