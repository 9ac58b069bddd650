/**
 * Friendly names for the generated contract types we use, with the contracts' known quirks corrected:
 * - `Product.aspects` is typed as a string, but eBay takes (and returns) an object of string arrays
 *   ({"Brand": ["Levi's"]}); the contract's own description shows that shape.
 * - No field is marked required and no enum is listed (the rules are in eBay's prose), so every field is optional
 *   and enums such as `condition` are plain strings.
 * The Inventory client is typed by the document's paths with that one correction (InventoryPaths): an item it sends
 * or reads takes aspects as eBay does.
 */
import type { components as Account } from './generated/account';
import type { components as Analytics } from './generated/analytics';
import type { components as Browse } from './generated/browse';
import type { components as Finances } from './generated/finances';
import type { components as Fulfillment } from './generated/fulfillment';
import type { components as Identity } from './generated/identity';
import type { components as Inventory, paths as InventoryDocumentPaths } from './generated/inventory';
import type { components as Media } from './generated/media';
import type { components as Metadata } from './generated/metadata';
import type { components as Negotiation } from './generated/negotiation';
import type { components as Taxonomy } from './generated/taxonomy';

export type EbayUser = Identity['schemas']['UserResponse'];

export type Programs = Account['schemas']['Programs'];
export type FulfillmentPolicyRequest = Account['schemas']['FulfillmentPolicyRequest'];
export type FulfillmentPolicy = Account['schemas']['FulfillmentPolicy'];
export type SetFulfillmentPolicyResponse = Account['schemas']['SetFulfillmentPolicyResponse'];
export type PaymentPolicyRequest = Account['schemas']['PaymentPolicyRequest'];
export type PaymentPolicy = Account['schemas']['PaymentPolicy'];
export type SetPaymentPolicyResponse = Account['schemas']['SetPaymentPolicyResponse'];
export type ReturnPolicyRequest = Account['schemas']['ReturnPolicyRequest'];
export type ReturnPolicy = Account['schemas']['ReturnPolicy'];
export type SetReturnPolicyResponse = Account['schemas']['SetReturnPolicyResponse'];

export type InventoryLocationFull = Inventory['schemas']['InventoryLocationFull'];
export type InventoryLocationResponse = Inventory['schemas']['InventoryLocationResponse'];
/** Item specifics as eBay takes them: name to values (names ≤ 40 characters, values ≤ 50). */
export type ProductAspects = Record<string, string[]>;
export type Product = Omit<Inventory['schemas']['Product'], 'aspects'> & { aspects?: ProductAspects };
/** A type of the Inventory document with every `product` (the Product schema) taking aspects as eBay does. */
type AspectsCorrected<T> = T extends object ? { [K in keyof T]: K extends 'product' ? Product : AspectsCorrected<T[K]> } : T;
/** The Inventory API's paths, as its document types them but for `product.aspects` (above). */
export type InventoryPaths = AspectsCorrected<InventoryDocumentPaths>;
export type InventoryItem = Omit<Inventory['schemas']['InventoryItem'], 'product'> & { product?: Product };
export type InventoryItemWithSku = Omit<Inventory['schemas']['InventoryItemWithSkuLocaleGroupid'], 'product'> & { product?: Product };
export type InventoryItemsPage = Omit<Inventory['schemas']['InventoryItems'], 'inventoryItems'> & {
  inventoryItems?: InventoryItemWithSku[];
};
export type MigrateListingResponse = Inventory['schemas']['MigrateListingResponse'];
export type OfferDetails = Inventory['schemas']['EbayOfferDetailsWithKeys'];
export type OfferUpdate = Inventory['schemas']['EbayOfferDetailsWithId'];
export type Offer = Inventory['schemas']['EbayOfferDetailsWithAll'];
export type OfferResponse = Inventory['schemas']['OfferResponse'];
export type Offers = Inventory['schemas']['Offers'];
export type PublishResponse = Inventory['schemas']['PublishResponse'];
export type WithdrawResponse = Inventory['schemas']['WithdrawResponse'];

export type ImageResponse = Media['schemas']['ImageResponse'];

export type BaseCategoryTree = Taxonomy['schemas']['BaseCategoryTree'];
export type CategorySuggestion = Taxonomy['schemas']['CategorySuggestion'];
export type CategorySuggestionResponse = Taxonomy['schemas']['CategorySuggestionResponse'];
export type AspectMetadata = Taxonomy['schemas']['AspectMetadata'];
export type Aspect = Taxonomy['schemas']['Aspect'];

export type ItemConditionPolicyResponse = Metadata['schemas']['ItemConditionPolicyResponse'];
export type ItemConditionPolicy = Metadata['schemas']['ItemConditionPolicy'];
export type ShippingServiceResponse = Metadata['schemas']['ShippingServiceResponse'];
export type ShippingService = Metadata['schemas']['ShippingService'];

export type Order = Fulfillment['schemas']['Order'];
export type OrderLineItem = Fulfillment['schemas']['LineItem'];
export type OrderSearchPagedCollection = Fulfillment['schemas']['OrderSearchPagedCollection'];

export type FinanceTransaction = Finances['schemas']['Transaction'];

export type ItemSummary = Browse['schemas']['ItemSummary'];
export type SearchPagedCollection = Browse['schemas']['SearchPagedCollection'];
export type SearchByImageRequest = Browse['schemas']['SearchByImageRequest'];

export type CreateOffersRequest = Negotiation['schemas']['CreateOffersRequest'];
export type SellerInitiatedOffer = Negotiation['schemas']['Offer'];

/** Analytics API (decision 091): getTrafficReport's answer. */
export type TrafficReport = Analytics['schemas']['Report'];
