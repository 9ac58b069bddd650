import { sharedOfCategory } from '@shared/domain/category-table';
import { moneyMessages } from '@shared/contracts/money';
import { formatMoney, money } from '@shared/domain/money';
import { channelPriceOf } from '../../price-rules/channel-price';
import type { ChannelPreflight } from '../marketplace';
import type { ShopifyProductInput } from './api/shopify-client';
import type { Publishable } from '../channel-listing-repo';

/**
 * Shopify's product rules the pre-flight checks (its Admin schema's descriptions and its documents, listed with their
 * sources in fakes/shopify/RULES.md), in the seller's words, and the product the publisher sends: one place, so what
 * the pre-flight calls green is what is sent (shopify-preflight-acceptance.test.ts sends 200 items to the fake through it).
 */
export const shopifyRules = { titleMax: 255, tagsMax: 250, tagMax: 255, photosMax: 250 } as const;

export const shopifyPreflightMessages = {
  title: 'Add a title (Shopify needs one).',
  titleLong: `Shorten the title to ${shopifyRules.titleMax} characters or fewer for Shopify.`,
  /** In the item's currency: a UK seller reads pounds. */
  price: (currency: string) => `Set a price of at least ${formatMoney(money(1, currency))} for Shopify.`,
  photos: 'Add at least one photo (your store shows it).',
  photosMany: (extra: number) =>
    `Shopify takes up to ${shopifyRules.photosMax} photos for a product: remove ${extra} ${extra === 1 ? 'photo' : 'photos'}.`,
  sold: 'This item sold on Shopify: it is not listed again.',
  soldOut: 'It sold on Shopify: nothing is left to list.',
  noProduct: 'This item has no Shopify product.',
} as const;

type Problem = ChannelPreflight['problems'][number];

/** The product's handle, from the SKU: the same on every try, so a retried create replaces what it made. */
export const handleOfSku = (sku: string) => `rs-${sku.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const lengthOf = (text: string) => [...text].length;

/**
 * The item's tags as Shopify takes them: trimmed, one of each (Shopify's tags ignore case), a tag longer than Shopify
 * allows left out (never cut into another word), the first 250. The item's own tags stay whole for the other channels.
 */
export function shopifyTagsOf(tags: readonly string[]): string[] {
  const kept: string[] = [];
  const seen = new Set<string>();
  for (const raw of tags) {
    const tag = raw.replace(/\s+/g, ' ').trim();
    const key = tag.toLowerCase();
    if (!tag || lengthOf(tag) > shopifyRules.tagMax || seen.has(key)) continue;
    seen.add(key);
    kept.push(tag);
    if (kept.length === shopifyRules.tagsMax) break;
  }
  return kept;
}

/** Shopify's words for the item: title, description (HTML), tags and price. */
/** ProductSetInput's option value names are free text of at most 255 characters. */
const SHOPIFY_OPTION_VALUE_MAX = 255;

export function shopifyTextOf(subject: Pick<Publishable, 'item' | 'listing' | 'priceList' | 'rule'>) {
  const { item, listing, priceList, rule } = subject;
  const description = (item.aiDescription ?? '').trim();
  // The one order of the price a channel gets (channel-price.ts, decision 121).
  const priced = channelPriceOf(listing, item, rule, priceList);
  return {
    title: (item.aiTitle ?? '').trim(),
    descriptionHtml: description
      .split(/\n{2,}/)
      .map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`)
      .join(''),
    tags: shopifyTagsOf(item.aiTags ?? []),
    // What it is in Shopify's product types (the category table's row, decision 132); null when the seller never said.
    productType: sharedOfCategory(item.category, item.extractedDepartment, (kind) => [kind.shopifyProductType])?.[0] ?? null,
    // The size as the seller wrote it ("W32 L32", "UK 9", "M"): Shopify's options are the store's own free text.
    size: item.extractedSize?.trim().slice(0, SHOPIFY_OPTION_VALUE_MAX) || null,
    price: priced?.price ?? null,
    priced,
  };
}

/** Shopify's rules against the item; `storeCurrency` (the store's, decision 106) once the store is connected. */
export function shopifyProblemsOf(subject: Publishable, storeCurrency: string | null) {
  const problems: Problem[] = [];
  const text = shopifyTextOf(subject);
  if (!text.title) problems.push({ field: 'title', message: shopifyPreflightMessages.title });
  else if (lengthOf(text.title) > shopifyRules.titleMax) problems.push({ field: 'title', message: shopifyPreflightMessages.titleLong });
  // Shopify takes a price of 0; the app does not give an item away by a missing price.
  if (text.price === null || text.price.amountMinor < 1)
    problems.push({ field: 'aspects', message: shopifyPreflightMessages.price(text.price?.currency ?? subject.item.currency) });
  else if (storeCurrency && text.price.currency !== storeCurrency)
    problems.push({ field: 'aspects', message: moneyMessages.otherShopCurrency('Shopify', storeCurrency, text.price.currency) });
  if (!subject.images.length) problems.push({ field: 'images', message: shopifyPreflightMessages.photos });
  else if (subject.images.length > shopifyRules.photosMax)
    problems.push({ field: 'images', message: shopifyPreflightMessages.photosMany(subject.images.length - shopifyRules.photosMax) });
  return { problems, text };
}

/** productSet's product for an item the pre-flight passed: its text, photos, SKU and what is left to sell. */
export function shopifyProductOf(
  text: ReturnType<typeof shopifyTextOf>,
  parts: Pick<ShopifyProductInput, 'sku' | 'photoUrls' | 'quantity' | 'locationId' | 'handle'>,
): ShopifyProductInput {
  if (!text.price) throw new Error('shopifyProductOf takes an item the pre-flight passed');
  return {
    title: text.title,
    descriptionHtml: text.descriptionHtml,
    tags: text.tags,
    ...(text.productType ? { productType: text.productType } : {}),
    ...(text.size ? { size: text.size } : {}),
    price: text.price,
    ...parts,
  };
}
