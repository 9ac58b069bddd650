import type { TestUser } from '../test-app';

export const simCountries = ['US', 'GB', 'DE'] as const;
export type SimCountry = (typeof simCountries)[number];
export const apiMarkets = ['ebay', 'etsy', 'shopify'] as const;
export type ApiMarket = (typeof apiMarkets)[number];

/** The sites the simulated Depop has (a DE seller cannot connect it). */
export const depopCountries: readonly SimCountry[] = ['US', 'GB'];

export const regionOf: Record<SimCountry, { currency: string; locale: string }> = {
  US: { currency: 'USD', locale: 'en-US' },
  GB: { currency: 'GBP', locale: 'en-GB' },
  DE: { currency: 'EUR', locale: 'de-DE' },
};

export interface SellerModel {
  user: TestUser;
  country: SimCountry;
  currency: string;
  locale: string;
  /** The simulated Shopify store of this seller. */
  shop: string;
  connected: Set<ApiMarket>;
  /** The seller's simulated Depop shop (its seller id), once connected through Depop's consent; null: not connected. */
  depopSellerId: number | null;
}

export interface ItemModel {
  id: string;
  seller: number;
  sku: string;
  /** What the seller typed as its cost, read (null: none). */
  costMinor: number | null;
  /** The bundle it was bought in (its cost is its share, and a cost typed by hand is refused); null: none. */
  bundle: string | null;
  /** Prices the seller saw under their floor and confirmed, each as typed (any channel). */
  confirmed: Set<number>;
  /** Sales the simulated buyers and the seller made that the app must hold (not cancelled), by order id or key. */
  sales: { channel: string; ref: string }[];
  /** Sales the seller cancelled on the marketplace (the app must not count them). */
  cancelled: { channel: string; ref: string }[];
}

/** The simulator's model of the world: what the sellers did, which the app must reflect. */
export interface SimModel {
  sellers: SellerModel[];
  items: ItemModel[];
}

export const emptyModel = (): SimModel => ({ sellers: [], items: [] });

export const isSold = (item: ItemModel) => item.sales.length > 0;
