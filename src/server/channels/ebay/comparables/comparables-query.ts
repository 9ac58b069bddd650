import { createHash } from 'node:crypto';
import { ebayConditionFor, type EbayCondition } from '@shared/domain/ebay-conditions';
import type { PublishItemRow } from '../publish/repo';

/** What the comparables of an item are searched by: keywords, its eBay category, its eBay condition and its size. */
export interface ComparablesQuery {
  keywords: string;
  categoryId: string | null;
  /** The category's words for people ("Jeans"), for the basis sentence. */
  categoryWords: string | null;
  condition: EbayCondition | null;
  size: string | null;
}

type QueryItem = Pick<
  PublishItemRow,
  | 'brand'
  | 'extractedBrand'
  | 'category'
  | 'condition'
  | 'extractedSize'
  | 'aiTitle'
  | 'ebayCategoryId'
  | 'ebayCategoryName'
  | 'ebayConditionGrade'
>;

const text = (value: string | null | undefined) => value?.replace(/\s+/g, ' ').trim() || null;

/** "Clothing, Shoes & Accessories > Men > Men's Clothing > Jeans" -> "Jeans"; without an eBay category, ours ("Mens Jeans"). */
export function categoryWordsOf(item: Pick<QueryItem, 'ebayCategoryName' | 'category'>): string | null {
  const ebayLeaf = text(item.ebayCategoryName?.split('>').at(-1));
  return ebayLeaf ?? text(item.category);
}

/**
 * Keywords from the listing: brand, the category's words and the size ("Levi's Jeans 32"); without a brand or a
 * category, the AI's title (a brand-less "Jeans 32" finds anything).
 */
export function comparablesKeywordsOf(item: QueryItem): string {
  const brand = text(item.brand) ?? text(item.extractedBrand);
  const words = categoryWordsOf(item);
  const size = text(item.extractedSize);
  if (brand && words) return [brand, words, size].filter(Boolean).join(' ');
  return text(item.aiTitle) ?? [brand, words, size].filter(Boolean).join(' ');
}

export function comparablesQueryOf(item: QueryItem): ComparablesQuery {
  return {
    keywords: comparablesKeywordsOf(item),
    categoryId: text(item.ebayCategoryId),
    categoryWords: categoryWordsOf(item),
    condition: ebayConditionFor(item.ebayConditionGrade ?? item.condition),
    size: text(item.extractedSize),
  };
}

/** The cache keys: one per search, the photo's by a hash of its bytes, both with the filters they were asked with. */
export function keywordsQueryKey(query: ComparablesQuery, marketplaceId: string): string {
  const filters = [query.categoryId ?? '', query.condition?.id ?? '', (query.size ?? '').toLowerCase()].join('|');
  return `browse:search:${marketplaceId}:${filters}:${query.keywords.toLowerCase()}`;
}

export function imageQueryKey(query: ComparablesQuery, marketplaceId: string, photo: Uint8Array): string {
  const filters = [query.categoryId ?? '', query.condition?.id ?? '', (query.size ?? '').toLowerCase()].join('|');
  return `browse:image:${marketplaceId}:${filters}:${createHash('sha256').update(photo).digest('hex')}`;
}

/** "Jeans, Pre-owned – Good, size 32": what the comparables are alike in, for the basis sentences. */
export function likenessOf(query: ComparablesQuery): string {
  return [query.categoryWords, query.condition?.label, query.size ? `size ${query.size}` : null].filter(Boolean).join(', ');
}
