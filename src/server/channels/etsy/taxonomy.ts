import { sharedOfCategory } from '@shared/domain/category-table';
import { etsySizePropertyOf } from '@shared/domain/etsy-sizes';
import type { EtsyClient, EtsyTaxonomyNode, EtsyTaxonomyProperty } from './api/etsy-client';

/**
 * Our categories as paths of Etsy's seller taxonomy: each row of the category table (decision 132) names its path.
 * Resolved by name against the taxonomy Etsy answers (getSellerTaxonomyNodes), so the ids are always Etsy's own; when
 * a leaf is missing, the deepest node of the path that exists is used.
 */
export const etsyTaxonomyPathOf = (category: string | null, department?: string | null): readonly string[] | undefined =>
  sharedOfCategory(category, department, (kind) => kind.etsyPath) ?? undefined;

export interface EtsyTaxonomyChoice {
  id: number;
  name: string;
  /** Properties Etsy requires in this category (the listing cannot go without them). */
  required: EtsyTaxonomyProperty[];
  /** The category's size property (its scales and values), where it has one: the item's size is set on it. */
  size: EtsyTaxonomyProperty | null;
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
    async choose(category: string | null, department?: string | null): Promise<EtsyTaxonomyChoice | null> {
      const path = etsyTaxonomyPathOf(category, department);
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
      const all = await properties.get(id)!;
      const size = etsySizePropertyOf(all.filter((p) => p.supports_attributes !== false));
      // The size property is filled from the item's size (etsy-sizes.ts): required or not, it is not missing.
      const required = all.filter((p) => p.is_required && p !== size);
      return { id, name: found.name ?? '', required, size };
    },
  };
}
export type EtsyTaxonomy = ReturnType<typeof etsyTaxonomy>;
