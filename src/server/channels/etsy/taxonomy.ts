import type { Category } from '@shared/domain/catalog';
import type { EtsyClient, EtsyTaxonomyNode, EtsyTaxonomyProperty } from './api/etsy-client';

/**
 * Our categories (shared/domain/catalog.ts) as paths of Etsy's seller taxonomy (its clothing branch). Resolved by
 * name against the taxonomy Etsy answers (getSellerTaxonomyNodes), so the ids are always Etsy's own; when a leaf is
 * missing, the deepest node of the path that exists is used.
 */
export const etsyTaxonomyPaths: Readonly<Record<Category, readonly string[]>> = {
  'Mens Jeans': ['Clothing', "Men's Clothing", 'Pants', 'Jeans'],
  'Mens Pants': ['Clothing', "Men's Clothing", 'Pants'],
  'Mens Shorts': ['Clothing', "Men's Clothing", 'Shorts'],
  'Mens Tops': ['Clothing', "Men's Clothing", 'Shirts & Tees'],
  'Mens Outerwear': ['Clothing', "Men's Clothing", 'Coats & Jackets'],
  'Womens Jeans': ['Clothing', "Women's Clothing", 'Jeans'],
  'Womens Pants': ['Clothing', "Women's Clothing", 'Pants & Capris'],
  'Womens Shorts': ['Clothing', "Women's Clothing", 'Shorts'],
  'Womens Tops': ['Clothing', "Women's Clothing", 'Tops & Tees'],
  'Womens Outerwear': ['Clothing', "Women's Clothing", 'Jackets & Coats'],
  Unisex: ['Clothing', 'Unisex Adult Clothing'],
  Accessories: ['Accessories'],
  Shoes: ['Shoes'],
  'Other Clothing': ['Clothing'],
};

export interface EtsyTaxonomyChoice {
  id: number;
  name: string;
  /** Properties Etsy requires in this category (the listing cannot go without them). */
  required: EtsyTaxonomyProperty[];
}

const TAXONOMY_TTL_MS = 24 * 3_600_000;

/** Etsy's seller taxonomy, read once a day per client; a category's required properties cached with it. */
export function etsyTaxonomy(client: EtsyClient, now: () => number = Date.now) {
  let nodes: { at: number; roots: Promise<EtsyTaxonomyNode[]> } | null = null;
  const properties = new Map<number, Promise<EtsyTaxonomyProperty[]>>();

  function roots() {
    if (!nodes || now() - nodes.at > TAXONOMY_TTL_MS) {
      const roots = client.sellerTaxonomyNodes().then((r) => r.results ?? []);
      roots.catch(() => (nodes = null));
      nodes = { at: now(), roots };
      properties.clear();
    }
    return nodes.roots;
  }

  return {
    async choose(category: string | null): Promise<EtsyTaxonomyChoice | null> {
      const path = category ? etsyTaxonomyPaths[category as Category] : undefined;
      if (!path) return null;
      let level = await roots();
      let found: EtsyTaxonomyNode | null = null;
      for (const name of path) {
        const next = level.find((node) => node.name?.toLowerCase() === name.toLowerCase());
        if (!next) break;
        found = next;
        level = next.children ?? [];
      }
      if (!found?.id) return null;
      const id = found.id;
      if (!properties.has(id)) {
        const loading = client.taxonomyProperties(id).then((r) => r.results ?? []);
        loading.catch(() => properties.delete(id));
        properties.set(id, loading);
      }
      const required = (await properties.get(id)!).filter((p) => p.is_required);
      return { id, name: found.name ?? '', required };
    },
  };
}
export type EtsyTaxonomy = ReturnType<typeof etsyTaxonomy>;
