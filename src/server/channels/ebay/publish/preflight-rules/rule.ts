import type { ProductSafetyFacts } from '../../product-safety/product-safety-preflight';
import type { PackageWeightAndSize } from '@shared/contracts/publish';
import type { Money } from '@shared/domain/money';
import type { FulfillmentPolicy, PaymentPolicy, ReturnPolicy } from '../../api/ebay-types';
import type { CategoryAspect } from '../ebay-catalog';
import { aspectValuesOf, sameAspect } from '../../aspect-names';

/**
 * One rule of eBay's pre-flight: a function of the listing, its category's aspects and the seller's policies that
 * names what eBay would refuse at publish, in the seller's words. preflight.ts runs every rule of `ebayPreflightRules`
 * (index.ts); a rule added there (size values, ...) needs no change elsewhere, and the score takes its problems too.
 */

export type PreflightField =
  'sku' | 'title' | 'description' | 'category' | 'condition' | 'aspects' | 'images' | 'package' | 'policies' | 'safety' | 'price';

export interface PreflightProblem {
  field: PreflightField;
  message: string;
  /** For an aspect: its name, and the values eBay allows (empty: any text). */
  aspect?: { name: string; allowedValues: string[] };
  /** For a condition eBay does not take in this category: the ones it does. */
  allowedConditions?: { id: number; label: string }[];
}

export interface PreflightListing {
  sku: string;
  title: string | null;
  description: string | null;
  categoryId: string | null;
  /** A publish-form grade or a quick-edit condition, as the seller or the AI chose it. */
  condition: string | null;
  /** Item specifics as eBay takes them: name (the marketplace's, aspect-names.ts) to values. */
  aspects: Record<string, string[]>;
  /** The marketplace the listing goes to (EBAY_US when not given): its size standard and its aspects' names. */
  marketplaceId?: string;
  imageCount: number;
  /** The seller's category and brand (Mens Tops, Ralph Lauren): category suggestions read these before the title. */
  category?: string | null;
  brand?: string | null;
  /** The parcel the item ships in, as the seller entered it for eBay (null: not entered). */
  package?: PackageWeightAndSize | null;
  /** Where the listing goes and its brand's EU product safety details (GPSR, checked on eBay's EU and UK marketplaces). */
  productSafety?: ProductSafetyFacts;
  /** The currency the item is counted in, and the price the listing would go out at (its own, else the item's). */
  itemCurrency?: string;
  price?: Money | null;
}

/**
 * The seller's business policies as eBay holds them now, by the ids their listings name: null where eBay no longer
 * has that id on the marketplace (deleted, or made on another eBay site).
 */
export interface SellerPolicies {
  marketplaceId: string;
  fulfillment: FulfillmentPolicy | null;
  payment: PaymentPolicy | null;
  return: ReturnPolicy | null;
}

export interface PreflightRuleInput {
  listing: PreflightListing;
  /** The leaf category's aspects from Taxonomy; null when no leaf category is known yet. */
  aspects: CategoryAspect[] | null;
  /** Null when the seller's policies could not be read (not connected, none set): the account check names that. */
  seller: SellerPolicies | null;
}

export type PreflightRule = (input: PreflightRuleInput) => PreflightProblem[];

/**
 * The item's values for an aspect, matched by name without regard to case ("size type" is "Size Type") or by its
 * meaning in any language the app knows ("Größe" is "Size").
 */
export const aspectValues = aspectValuesOf;

export const aspectNamed = (aspects: CategoryAspect[] | null, name: string): CategoryAspect | undefined =>
  aspects?.find((aspect) => sameAspect(aspect.name, name));
