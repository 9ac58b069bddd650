import type { ListingChange } from '../domain/channel-listing';
import type { ColourVocabulary } from '../domain/marketplace-colours';
import type { Money } from '../domain/money';
import type { SellerRegion } from '../domain/seller-region';
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

/** A marketplace's site for a seller's country ("eBay UK"): its id there, the country, the currency it prices in. */
export interface HomeSite {
  marketplaceId: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** ISO 4217: the currency the site prices its listings in. */
  currency: string;
  /** The seller reads it: "eBay UK". */
  name: string;
}

/**
 * The words the AI's listing of an item is written in when it is written for this marketplace (decision 177): the
 * draft names its category (id and path) and condition grade, a colour in its list and its item specifics. The
 * prompt, the offline draft, the draft's check and the Regenerate confirmation ask them of `draftMarketplace`.
 */
export interface DraftVocabulary {
  /** What its category ids look like, and the words a draft with another is refused with. */
  categoryId: { pattern: RegExp; mismatch: string };
  /** The category an item of our category (and department) goes in on the seller's site; null where none is known. */
  categoryOf(category: string | null | undefined, department?: string | null, siteId?: string | null): { id: string; name: string } | null;
  /** Its colour list: the offline draft names the photos' colour in it. */
  colours: ColourVocabulary;
  /** The prompt's descriptions of the draft's fields that are its own, as the AI reads them. */
  prompt: {
    categoryId: string;
    categoryName: string;
    colour: string;
    itemSpecificName: string;
    itemSpecifics: string;
  };
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
  /** The AI's listing is written in its words (the first marketplace with them: `draftMarketplace`). */
  draftVocabulary?: DraftVocabulary;
  /** A new seller's autopilot publishes to it until the seller chooses its marketplaces. */
  onAutopilotByDefault?: boolean;
  /**
   * What the app reads of the marketplace's own about items like one that carries no dates (eBay's "comparables"), for
   * "eBay’s comparables carry no dates" where a days-to-sale figure cannot rest on it; absent: nothing of its own.
   */
  undatedSignal?: string;
  /**
   * It runs a site per country (eBay's marketplaces): the one a seller of the region lists on, which the AI prices
   * the listing for; absent: one site for everyone.
   */
  homeSiteOf?(region: SellerRegion): HomeSite;
  /**
   * The item's one readiness (GET /api/items/:id/readiness: the panel on Generate Listings and on its screen) carries
   * its pre-flight: the panel is "Ready for" it, and says the condition it would send.
   */
  checksReadiness?: boolean;
}
