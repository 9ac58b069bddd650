import { EbayApiError } from '../api/ebay-api-error';
import type { EbayClient } from '../api/ebay-client';

/** One aspect of a category as the pre-flight needs it. */
export interface CategoryAspect {
  name: string;
  required: boolean;
  /** SELECTION_ONLY: the value must be one of `values`. */
  selectionOnly: boolean;
  values: string[];
}

export type CategoryAspects = { kind: 'leaf'; aspects: CategoryAspect[] } | { kind: 'not_leaf' } | { kind: 'unknown' };

export interface AllowedCondition {
  id: number;
  label: string;
}

export interface CategorySuggestion {
  id: string;
  name: string;
  /** Ancestors' names, nearest last: "Men > Men's Clothing". */
  path: string;
}

/** What eBay's Taxonomy and Metadata APIs say about categories, as the pre-flight asks. */
export interface EbayCatalog {
  aspects(categoryId: string): Promise<CategoryAspects>;
  /** The condition ids the category allows; empty when eBay lists none (it then takes any). */
  conditions(categoryId: string): Promise<AllowedCondition[]>;
  suggestions(title: string): Promise<CategorySuggestion[]>;
}

/**
 * Taxonomy's answers (commerce_taxonomy_v1_oas3.json, getItemAspectsForCategory): 62009 "must be a leaf category" and
 * 62008 the tree's root (neither is a leaf: choose a subcategory), 62005 a category not in the tree. 62006 is "Missing
 * category ID", never "not a leaf": it stays an error.
 */
const NOT_LEAF = [62009, 62008];
const UNKNOWN_CATEGORY = 62005;

export interface EbayCatalogOptions {
  marketplaceId?: string;
  /** Category facts change rarely: keep them a day (ebay.md: spend calls carefully). */
  ttlMs?: number;
  now?: () => number;
}

/**
 * The eBay catalogue with every answer cached per marketplace and category (or title) for `ttlMs`, one call in
 * flight per key however many items ask at once. A failed call is not cached.
 */
export function createEbayCatalog(client: Pick<EbayClient, 'taxonomy' | 'metadata'>, options: EbayCatalogOptions = {}): EbayCatalog {
  const marketplaceId = options.marketplaceId ?? 'EBAY_US';
  const ttlMs = options.ttlMs ?? 24 * 60 * 60 * 1000;
  const now = options.now ?? Date.now;
  const cache = new Map<string, { expires: number; value: Promise<unknown> }>();

  function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = cache.get(key);
    if (hit && hit.expires > now()) return hit.value as Promise<T>;
    const value = load();
    cache.set(key, { expires: now() + ttlMs, value });
    value.catch(() => cache.delete(key));
    return value;
  }

  const treeId = () => cached(`tree:${marketplaceId}`, () => client.taxonomy.getDefaultCategoryTreeId(marketplaceId));

  return {
    aspects: (categoryId) =>
      cached(`aspects:${marketplaceId}:${categoryId}`, async (): Promise<CategoryAspects> => {
        try {
          const aspects = await client.taxonomy.getItemAspectsForCategory(await treeId(), categoryId);
          return {
            kind: 'leaf',
            aspects: aspects.flatMap((aspect) =>
              aspect.localizedAspectName
                ? [
                    {
                      name: aspect.localizedAspectName,
                      required: aspect.aspectConstraint?.aspectRequired === true,
                      selectionOnly: aspect.aspectConstraint?.aspectMode === 'SELECTION_ONLY',
                      values: (aspect.aspectValues ?? []).flatMap((v) => (v.localizedValue ? [v.localizedValue] : [])),
                    },
                  ]
                : [],
            ),
          };
        } catch (error) {
          if (error instanceof EbayApiError && NOT_LEAF.some((id) => error.has(id))) return { kind: 'not_leaf' };
          if (error instanceof EbayApiError && error.has(UNKNOWN_CATEGORY)) return { kind: 'unknown' };
          throw error;
        }
      }),
    conditions: (categoryId) =>
      cached(`conditions:${marketplaceId}:${categoryId}`, async () => {
        const policies = await client.metadata.getItemConditionPolicies([categoryId], marketplaceId);
        const policy = policies.find((p) => p.categoryId === categoryId);
        return (policy?.itemConditions ?? []).flatMap((c) =>
          c.conditionId && Number.isFinite(Number(c.conditionId))
            ? [{ id: Number(c.conditionId), label: c.conditionDescription ?? '' }]
            : [],
        );
      }),
    suggestions: (title) =>
      cached(`suggestions:${marketplaceId}:${title.trim().toLowerCase()}`, async () => {
        const suggestions = await client.taxonomy.getCategorySuggestions(await treeId(), title);
        return suggestions.flatMap((s) =>
          s.category?.categoryId
            ? [
                {
                  id: s.category.categoryId,
                  name: s.category.categoryName ?? '',
                  path: [...(s.categoryTreeNodeAncestors ?? [])]
                    .reverse()
                    .map((a) => a.categoryName ?? '')
                    .filter(Boolean)
                    .join(' > '),
                },
              ]
            : [],
        );
      }),
  };
}

/**
 * One cached catalogue per eBay client (the client carries the environment and keyset) and marketplace (each has its
 * own category tree), built on first use.
 */
export function catalogPerClient(options: Omit<EbayCatalogOptions, 'marketplaceId'> = {}) {
  const catalogs = new WeakMap<Pick<EbayClient, 'taxonomy' | 'metadata'>, Map<string, EbayCatalog>>();
  return (client: Pick<EbayClient, 'taxonomy' | 'metadata'>, marketplaceId = 'EBAY_US'): EbayCatalog => {
    let perMarketplace = catalogs.get(client);
    if (!perMarketplace) catalogs.set(client, (perMarketplace = new Map()));
    let catalog = perMarketplace.get(marketplaceId);
    if (!catalog) perMarketplace.set(marketplaceId, (catalog = createEbayCatalog(client, { ...options, marketplaceId })));
    return catalog;
  };
}
