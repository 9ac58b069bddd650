import { depopSizeFromItem, depopSizeQuestion } from '@shared/contracts/depop-sizes';
import { depopSizeSetOf } from '@shared/contracts/depop-taxonomy';
import { moneyMessages } from '@shared/contracts/money';
import { formatMoney, money, type Money } from '@shared/domain/money';
import { channelPriceOf } from '../../price-rules/channel-price';
import type { ChannelPreflight } from '../marketplace';
import type { DepopProductFields } from './api/depop-client';
import { moneyOfDepop } from './api/depop-money';
import { coloursOf, conditionOf, departmentOf, depopRules, descriptionOf, isSizedProductType, productTypeOf } from './item-mapping';
import type { Publishable } from '../channel-listing-repo';
import { depopListings } from './listing-repo';

/**
 * Depop's product rules the pre-flight checks before anything is sent (the document's required fields, enums and
 * lengths, and the prose rules in fakes/depop/RULES.md), in the seller's words, and the product the publisher sends
 * from the same reading: what the pre-flight calls green is what is sent.
 */
export const depopPreflightMessages = {
  description: 'Add a description (Depop needs one).',
  descriptionLong: `Shorten the title and description to ${depopRules.descriptionMax} characters or fewer for Depop.`,
  descriptionEmail: 'Remove the email address from the description: Depop does not allow one.',
  hashtags: `Use at most ${depopRules.hashtagsMax} hashtags in the description for Depop.`,
  brand: 'Add the brand (Depop needs one; type "Unbranded" if it has none).',
  department: 'Say whether it is menswear, womenswear or kidswear (Depop files every item under one).',
  productType: 'Choose the item’s category: Depop needs its product type (tops, jeans, jackets...).',
  condition: 'Choose the item’s condition (Depop needs one).',
  size: (productType: string) => `Choose the item’s Depop size: Depop sizes ${productType} by its own size chart.`,
  /** The item's own size, which no fixed rule places in Depop's chart ("EU 43": Depop's shoe sizes are UK sizes). */
  sizeNotPlaced: (productType: string, ours: string) =>
    `Choose the item’s Depop size: Depop sizes ${productType} by its own size chart, which has no "${ours}".`,
  price: (currency: string) => `Set a price of at least ${formatMoney(money(100, currency))} for Depop.`,
  shipping:
    'Set the shipping price for Depop (what a buyer in your country pays; 0 for free shipping): once for every item on the Marketplaces screen, or for this one here.',
  photos: 'Add at least one photo (Depop shows it).',
  photosMany: (extra: number) => `Depop takes up to ${depopRules.photosMax} photos: remove ${extra} ${extra === 1 ? 'photo' : 'photos'}.`,
  sku: `Shorten the SKU to ${depopRules.skuMax} characters or fewer for Depop.`,
  sold: 'This item sold on Depop: it is not listed again.',
  noProduct: 'This item has no Depop product.',
} as const;

type Problem = ChannelPreflight['problems'][number];

/**
 * What the item would be on Depop: each field, null where it cannot be known (the pre-flight names it). The national
 * shipping price is the item's own answer, else the shop's default in the shop's currency (decision 168). `livePrice`:
 * a write held under the floor keeps the price Depop already has, whatever the item's price is now.
 */
export function depopReadingOf(subject: Publishable, shopCurrency: string | null, shopShipping: Money | null = null, livePrice?: Money) {
  const { item, listing } = subject;
  const data = depopListings.dataOf(listing);
  const productType = data.productType ?? productTypeOf(item.category);
  const priced = channelPriceOf(listing, item, subject.rule, subject.priceList);
  const currency = shopCurrency ?? priced?.price.currency ?? item.currency;
  return {
    description: descriptionOf(item.aiTitle, item.aiDescription),
    brand: (item.brand ?? item.extractedBrand ?? '').trim(),
    department: departmentOf(item.category, item.extractedDepartment),
    productType,
    // A size counts only in the product type's own size set (a type changed since leaves it to be chosen again); the
    // seller's answer first, else the item's own size where a fixed rule places it in that set ("W32 L32" is W32).
    size:
      productType && data.sizeSetId && data.sizeId && depopSizeSetOf(productType)?.id === data.sizeSetId
        ? { sizeSetId: data.sizeSetId, sizeId: data.sizeId }
        : productType
          ? depopSizeFromItem(productType, item.extractedSize, item.extractedDepartment)
          : null,
    condition: conditionOf(item.condition),
    colours: coloursOf(item.extractedColor),
    price: livePrice ?? priced?.price ?? null,
    priced,
    nationalShipping:
      typeof data.nationalShipping === 'string'
        ? moneyOfDepop(data.nationalShipping, currency)
        : shopShipping && shopShipping.currency === currency
          ? shopShipping
          : null,
  };
}
export type DepopReading = ReturnType<typeof depopReadingOf>;

/**
 * Depop's rules against the item; `shopCurrency` (GBP or USD, the shop's) once the shop is connected, and its default
 * shipping price where the seller set one.
 */
export function depopProblemsOf(subject: Publishable, shopCurrency: string | null, shopShipping: Money | null = null, livePrice?: Money) {
  const reading = depopReadingOf(subject, shopCurrency, shopShipping, livePrice);
  const problems: Problem[] = [];
  const say = (field: Problem['field'], message: string) => problems.push({ field, message });
  const { description } = reading;
  if (!description) say('description', depopPreflightMessages.description);
  else {
    if ([...description].length > depopRules.descriptionMax) say('description', depopPreflightMessages.descriptionLong);
    if (/[^\s@]+@[^\s@]+\.[^\s@]+/.test(description)) say('description', depopPreflightMessages.descriptionEmail);
    if ((description.match(/#[^\s#]+/g) ?? []).length > depopRules.hashtagsMax) say('description', depopPreflightMessages.hashtags);
  }
  if (!reading.brand) say('aspects', depopPreflightMessages.brand);
  if (!reading.department) say('category', depopPreflightMessages.department);
  if (!reading.productType) say('category', depopPreflightMessages.productType);
  else if (isSizedProductType(reading.productType) && !reading.size) {
    // Asked with the set's sizes, so the review form asks it beside the other marketplaces' questions.
    const ours = subject.item.extractedSize?.trim();
    problems.push({
      field: 'aspects',
      message: ours ? depopPreflightMessages.sizeNotPlaced(reading.productType, ours) : depopPreflightMessages.size(reading.productType),
      aspect: { name: depopSizeQuestion.name, allowedValues: depopSizeSetOf(reading.productType)!.sizes.map((size) => size.label) },
    });
  }
  if (!reading.condition) say('condition', depopPreflightMessages.condition);
  const { price } = reading;
  if (price === null || price.amountMinor < 100)
    say('price', depopPreflightMessages.price(price?.currency ?? shopCurrency ?? subject.item.currency));
  else if (shopCurrency && price.currency !== shopCurrency)
    say('price', moneyMessages.otherShopCurrency('Depop', shopCurrency, price.currency));
  if (!reading.nationalShipping) say('price', depopPreflightMessages.shipping);
  if (!subject.images.length) say('images', depopPreflightMessages.photos);
  else if (subject.images.length > depopRules.photosMax)
    say('images', depopPreflightMessages.photosMany(subject.images.length - depopRules.photosMax));
  if (subject.item.sku.length > depopRules.skuMax) say('sku', depopPreflightMessages.sku);
  return { problems, reading };
}

/** The product written by SKU for an item the pre-flight passed: its fields, photos by URL and what is left to sell. */
export function depopProductOf(
  reading: DepopReading,
  parts: { photoUrls: string[]; quantity: number; countryCode: string },
): DepopProductFields & { price: Money } {
  const { price, nationalShipping, department, productType, condition } = reading;
  if (!price || !nationalShipping || !department || !productType || !condition)
    throw new Error('depopProductOf takes an item the pre-flight passed');
  return {
    description: reading.description,
    brand_name: reading.brand,
    department,
    product_type: productType,
    condition,
    ...(reading.colours.length ? { colour: reading.colours } : {}),
    ...(reading.size ? { size_set_id: reading.size.sizeSetId, size_id: reading.size.sizeId } : {}),
    attributes: {},
    pictures: parts.photoUrls.map((url) => ({ url })),
    quantity: parts.quantity,
    address: { country_code: parts.countryCode },
    price,
    nationalShipping,
  };
}
