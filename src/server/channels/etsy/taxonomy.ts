import { sharedOfCategory } from '@shared/domain/category-table';
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
      const required = (await properties.get(id)!).filter((p) => p.is_required);
      return { id, name: found.name ?? '', required };
    },
  };
}
export type EtsyTaxonomy = ReturnType<typeof etsyTaxonomy>;
