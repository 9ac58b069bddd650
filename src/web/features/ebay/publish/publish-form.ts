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
  type ItemSpecificKey,
  type PublishCondition,
  type SizeType,
} from '@shared/domain/catalog';

/** The Publish Settings form (spec §3 Publish form) as the inputs hold it: text until it is checked. */
export interface PublishFormValues {
  price: string;
  quantity: string;
  condition: PublishCondition;
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

/** The price the item would be published at: the one chosen before, else the AI's suggestion. */
export const publishPriceOf = (item: ListedItem) => item.publish?.price ?? item.aiSuggestedPrice;

/** The grade the publish form starts with: the AI's grade, else the quick-edit condition's, else good (spec §9). */
export const conditionGradeFor = (item: ListedItem): PublishCondition | null =>
  oneOf(PUBLISH_CONDITIONS, item.ebayConditionGrade) ?? conditionGradeOf(item.condition);

/** The form prefilled from the item (spec §4: the form opens prefilled); defaults of spec §9 where it has nothing. */
export function prefillPublishForm(item: ListedItem): PublishFormValues {
  const price = publishPriceOf(item);
  const specifics: Partial<Record<ItemSpecificKey, string>> = {};
  for (const key of ITEM_SPECIFIC_KEYS) {
    const value =
      item.itemSpecificsJson?.[key] ?? (key === 'Material' ? item.extractedMaterial : key === 'Fit Type' ? item.extractedFit : null);
    if (value) specifics[key] = value;
  }
  return {
    price: typeof price === 'number' && price > 0 ? price.toFixed(2) : '',
    quantity: String(item.publish?.quantity ?? DEFAULT_QUANTITY),
    condition: conditionGradeFor(item) ?? DEFAULT_CONDITION,
    categoryId: item.ebayCategoryId ?? '',
    sizeType: oneOf(SIZE_TYPES, item.extractedSizeType) ?? DEFAULT_SIZE_TYPE,
    size: item.extractedSize ?? '',
    brand: item.extractedBrand ?? item.brand ?? '',
    color: item.extractedColor ?? '',
    style: item.extractedStyle ?? '',
    itemSpecifics: specifics,
  };
}

/** Spec §5: price and category id are required (one message for both), quantity at least 1; prices to the cent. */
export function validatePublishForm(values: PublishFormValues): { ok: true; body: PublishBody } | { ok: false; error: string } {
  const price = Number(values.price);
  const categoryId = values.categoryId.trim();
  if (!values.price.trim() || !Number.isFinite(price) || price <= 0 || !categoryId) {
    return { ok: false, error: publishMessages.missingRequired };
  }
  const quantity = Number(values.quantity);
  if (!Number.isInteger(quantity) || quantity < 1) return { ok: false, error: quantityMessage };
  const text = (value: string) => value.trim() || undefined;
  const itemSpecifics = Object.fromEntries(
    Object.entries(values.itemSpecifics).flatMap(([key, value]) => (value?.trim() ? [[key, value.trim()]] : [])),
  ) as Partial<Record<ItemSpecificKey, string>>;
  return {
    ok: true,
    body: {
      price: Math.round(price * 100) / 100,
      quantity,
      condition: values.condition,
      categoryId,
      sizeType: values.sizeType,
      size: text(values.size),
      brand: text(values.brand),
      color: text(values.color),
      style: text(values.style),
      itemSpecifics,
    },
  };
}

/** Spec §4: a suggested price, a category id and a condition grade mean the summary is shown and publishing is direct. */
export function canPublishDirectly(item: ListedItem): boolean {
  const price = publishPriceOf(item);
  return typeof price === 'number' && price > 0 && Boolean(item.ebayCategoryId?.trim()) && conditionGradeFor(item) !== null;
}
