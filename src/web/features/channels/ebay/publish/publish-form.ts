import type { z } from 'zod';
import type { ListedItem } from '@shared/contracts/items';
import { publishMessages, type PublishBody } from '@shared/contracts/publish';
import {
  DEFAULT_CONDITION,
  DEFAULT_QUANTITY,
  DEFAULT_SIZE_TYPE,
  ITEM_SPECIFIC_KEYS,
  PUBLISH_CONDITIONS,
  SIZE_TYPES,
  conditionGradeOf,
  sellerConditionOf,
  type ItemSpecificKey,
  type PublishCondition,
  type QuickEditCondition,
  type SizeType,
} from '@shared/domain/catalog';
import type { Money } from '@shared/domain/money';
import { moneyInputText } from '@shared/domain/money-input';
import { priceInputMessages, readPriceInput } from '@shared/domain/price-input';
import { ebayCategoryOf, ebayPriceOf, ebayPublishOf } from '../listing';

/** The Publish Settings form as the inputs hold it: text until it is checked. */
export interface PublishFormValues {
  price: string;
  /** The item's currency: the price is typed and sent in it. */
  currency: string;
  quantity: string;
  /** From the one condition list (the quick edit's); the server maps it to eBay's grade. */
  condition: QuickEditCondition;
  categoryId: string;
  sizeType: SizeType;
  size: string;
  brand: string;
  color: string;
  style: string;
  itemSpecifics: Partial<Record<ItemSpecificKey, string>>;
}

export const quantityMessage = 'Quantity must be a whole number of at least 1';

const oneOf = <T extends string>(list: readonly T[], value: string | null | undefined): T | undefined =>
  list.find((entry) => entry.toLowerCase() === value?.trim().toLowerCase());

/** The price the item would be published at: the one chosen before, else the asking price (the server's, per channel). */
export const publishPriceOf = (item: ListedItem) => ebayPriceOf(item);

/** The grade the publish form starts with: the AI's grade, else the quick-edit condition's, else good. */
export const conditionGradeFor = (item: ListedItem): PublishCondition | null =>
  oneOf(PUBLISH_CONDITIONS, ebayCategoryOf(item).conditionGrade) ?? conditionGradeOf(item.condition);

/**
 * The form prefilled from the item; defaults where it has nothing. With
 * no saved and no AI price, the seller's own price list's, exactly.
 */
export function prefillPublishForm(item: ListedItem): PublishFormValues {
  const price = publishPriceOf(item);
  const specifics: Partial<Record<ItemSpecificKey, string>> = {};
  for (const key of ITEM_SPECIFIC_KEYS) {
    const value =
      item.itemSpecificsJson?.[key] ?? (key === 'Material' ? item.extractedMaterial : key === 'Fit Type' ? item.extractedFit : null);
    if (value) specifics[key] = value;
  }
  return {
    price: priceText(price),
    currency: item.currency,
    quantity: String(ebayPublishOf(item)?.quantity ?? DEFAULT_QUANTITY),
    condition: sellerConditionOf(conditionGradeFor(item) ?? DEFAULT_CONDITION) ?? 'good',
    categoryId: ebayCategoryOf(item).categoryId ?? '',
    sizeType: oneOf(SIZE_TYPES, item.extractedSizeType) ?? DEFAULT_SIZE_TYPE,
    size: item.extractedSize ?? '',
    brand: item.extractedBrand ?? item.brand ?? '',
    color: item.extractedColor ?? '',
    style: item.extractedStyle ?? '',
    itemSpecifics: specifics,
  };
}

/** The form's fields other than price and category id, trimmed; quantity must be a whole number of at least 1. */
function fieldsOf(values: PublishFormValues): { ok: true; body: Omit<PublishBody, 'price' | 'categoryId'> } | { ok: false; error: string } {
  const quantity = Number(values.quantity);
  if (!Number.isInteger(quantity) || quantity < 1) return { ok: false, error: quantityMessage };
  const text = (value: string) => value.trim() || undefined;
  const itemSpecifics = Object.fromEntries(
    Object.entries(values.itemSpecifics).flatMap(([key, value]) => (value?.trim() ? [[key, value.trim()]] : [])),
  ) as Partial<Record<ItemSpecificKey, string>>;
  return {
    ok: true,
    body: {
      quantity,
      condition: values.condition,
      sizeType: values.sizeType,
      size: text(values.size),
      brand: text(values.brand),
      color: text(values.color),
      style: text(values.style),
      itemSpecifics,
    },
  };
}

/** A form refused: the message, and the field it is about when it is one field's (shown by that field). */
export type FormRefusal = { ok: false; error: string; field?: 'price' };

/** A typed price, if any, is above 0 in whole minor units: refused, never rounded (0.001 was saved as 0). */
export function typedPriceProblem(typed: string, currency: string): string | null {
  const read = readPriceInput(typed, currency);
  return read.ok ? null : read.message;
}

/** A price as the price field holds it ("19.99"); empty for none or 0. */
export const priceText = (price: Money | null | undefined): string => (price && price.amountMinor > 0 ? moneyInputText(price) : '');

/** Price and category id are required (one message for both), quantity at least 1; prices in whole cents. */
export function validatePublishForm(values: PublishFormValues): { ok: true; body: PublishBody } | FormRefusal {
  const read = readPriceInput(values.price, values.currency);
  const categoryId = values.categoryId.trim();
  const tooPrecise = !read.ok && read.message !== priceInputMessages.notAboveZero;
  if (!(read.ok && read.value) && !tooPrecise) return { ok: false, error: publishMessages.missingRequired };
  if (!categoryId) return { ok: false, error: publishMessages.missingRequired };
  if (!read.ok) return { ok: false, error: read.message, field: 'price' };
  const fields = fieldsOf(values);
  if (!fields.ok) return fields;
  return { ok: true, body: { price: read.value!, categoryId, ...fields.body } };
}

/**
 * Publish Settings' Save: nothing is required (the seller may save a price before choosing a category), but what is
 * typed must be valid: a price above 0 in whole cents, a whole quantity of at least 1.
 */
export function validateSettingsForm(values: PublishFormValues): { ok: true; body: PublishBody } | FormRefusal {
  const read = readPriceInput(values.price, values.currency);
  if (!read.ok) return { ok: false, error: read.message, field: 'price' };
  const fields = fieldsOf(values);
  if (!fields.ok) return fields;
  const categoryId = values.categoryId.trim();
  return {
    ok: true,
    body: { ...(read.value ? { price: read.value } : {}), ...(categoryId ? { categoryId } : {}), ...fields.body },
  };
}

/** What the contract refuses in a body a form built, said as the server says it ("quantity: Too big: …"). */
export function contractRefusal(error: z.ZodError): string {
  const [first] = error.issues;
  if (!first) return 'Invalid request';
  const where = first.path.join('.');
  return `${where ? `${where}: ` : ''}${first.message}`;
}

/** A suggested price, a category id and a condition grade mean the summary is shown and publishing is direct. */
export function canPublishDirectly(item: ListedItem): boolean {
  const price = publishPriceOf(item);
  return price !== null && price.amountMinor > 0 && Boolean(ebayCategoryOf(item).categoryId?.trim()) && conditionGradeFor(item) !== null;
}

/** Why "Publish to eBay" opened the settings instead of the summary: what the seller must add first. */
export function publishSettingsReason(item: ListedItem): string | null {
  const price = publishPriceOf(item);
  const hasPrice = price !== null && price.amountMinor > 0;
  const hasCategory = Boolean(ebayCategoryOf(item).categoryId?.trim());
  if (!hasPrice && !hasCategory) return 'Set a price and choose an eBay category to publish';
  if (!hasPrice) return 'Set a price to publish';
  if (!hasCategory) return 'Choose an eBay category to publish';
  if (conditionGradeFor(item) === null) return 'Choose a condition to publish';
  return null;
}
