/**
 * Depop's rules for a product's fields, the fake's answer to a create, an update or a patch that breaks one:
 * - the document's ProductUnprocessableEntity examples, each a 422 by its name (too many pictures, a blank brand, a
 *   size its product type does not take, a description over 1000 characters or with more than 5 hashtags or an email
 *   address, a department that is not one of Depop's four, manual shipping from a seller who may not);
 * - the rules the document states only in prose, answered 400 `bad-request` (contracts/depop/SOURCES.md): a price of at
 *   least 1.00 in the shop's currency with at most 2 decimals, a whole quantity of at least 1, national shipping or
 *   Depop shipping but not both, a discount below the price, offer prices at least 5% below it, the lists' lengths.
 * Sizes: Depop's taxonomy endpoint has the real size sets; the fake knows a few of its own (SIZE_SETS).
 */
import { parseMoney, type Money } from '../../src/shared/domain/money';
import { depopError, exampleError, type Answer } from './fake-depop-answers';
import type { FakeSeller } from './fake-depop-state';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** The fake's size sets: the product types that take each, and its size ids (52 and 10 are the document's example). */
export const SIZE_SETS = [
  {
    id: 52,
    productTypes: ['tshirts', 't-shirts', 'shirts', 'tops', 'sweaters', 'jumpers', 'hoodies', 'sweatshirts', 'jackets', 'coats', 'dresses'],
    sizes: range(1, 12),
  },
  { id: 60, productTypes: ['jeans', 'trousers', 'shorts', 'skirts'], sizes: range(20, 40) },
  { id: 70, productTypes: ['sneakers', 'trainers', 'boots', 'shoes'], sizes: range(100, 130) },
];
/** Product types without a size set: a size sent with one is refused. */
const SIZELESS = ['bags', 'sunglasses', 'jewellery', 'hats', 'belts', 'scarves'];
/** "Currently we support: womenswear, menswear, kidswear and everything-else." */
export const DEPARTMENTS = ['womenswear', 'menswear', 'kidswear', 'everything-else'];
/** The lists' maxItems in ProductPutRequest. */
const LIST_LIMITS = { colour: 2, style: 3, age: 1, source: 2 } as const;

/** A create's or an update's body, as the contract check has let it through (ProductCreateRequest, ProductPutRequest). */
export interface ProductInput {
  sku?: string;
  address: { country_code: string; state?: string };
  description: string;
  price_currency: string;
  price_amount: string;
  discount_price?: string;
  auto_send_offer_price?: string;
  auto_negotiate_offer_price?: string;
  international_shipping_cost?: string;
  national_shipping_cost?: string;
  depop_shipping?: { address_id: number; shipping_provider_id: string; parcel_size_id: string; payer: 'buyer' | 'seller' };
  quantity: number;
  pictures: { url: string }[];
  department: string;
  product_type: string;
  size_set_id?: number;
  size_id?: number;
  condition: string;
  colour?: string[];
  style?: string[];
  age?: string[];
  source?: string[];
  brand_name: string;
  attributes?: Record<string, string[]>;
  is_boosted?: boolean;
}

/** The product's amounts, read exactly (Money): what the rules and the product keep. */
export interface ProductAmounts {
  price: Money;
  discount: Money | null;
  autoSendOffer: Money | null;
  autoNegotiateOffer: Money | null;
  nationalShipping: Money | null;
  internationalShipping: Money | null;
}

const badRequest = (message: string) => depopError(400, 'bad-request', message);

/** A decimal amount of the currency, at least 0 and with at most its decimals (2); null when it is not one. */
export function amountOf(text: string | undefined | null, currency: string): Money | null {
  if (text === undefined || text === null) return null;
  const value = /^\d+(\.\d+)?$/.test(text.trim()) ? parseMoney(text, currency) : null;
  return value && value.amountMinor >= 0 ? value : null;
}

/** Whether an offer price is at least 5% below the price it is offered off (exact: offer × 100 ≤ price × 95). */
export const fivePercentBelow = (offer: Money, price: Money) => offer.amountMinor * 100 <= price.amountMinor * 95;

type AmountFields = Pick<
  ProductInput,
  | 'price_amount'
  | 'discount_price'
  | 'auto_send_offer_price'
  | 'auto_negotiate_offer_price'
  | 'national_shipping_cost'
  | 'international_shipping_cost'
>;

/** The amounts of a body (a patch leaves out what it does not change: `current` fills them), or the 400 for one that is none. */
export function amountsOf(fields: Partial<AmountFields>, currency: string, current?: ProductAmounts): ProductAmounts | Answer {
  const read = (name: keyof AmountFields, fallback: Money | null): Money | null | Answer => {
    const text = fields[name];
    if (text === undefined) return fallback;
    return amountOf(text, currency) ?? badRequest(`${name} must be an amount with up to 2 decimal places, got "${text}"`);
  };
  const entries = {
    price: read('price_amount', current?.price ?? null),
    discount: read('discount_price', current?.discount ?? null),
    autoSendOffer: read('auto_send_offer_price', current?.autoSendOffer ?? null),
    autoNegotiateOffer: read('auto_negotiate_offer_price', current?.autoNegotiateOffer ?? null),
    nationalShipping: read('national_shipping_cost', current?.nationalShipping ?? null),
    internationalShipping: read('international_shipping_cost', current?.internationalShipping ?? null),
  };
  for (const value of Object.values(entries)) if (value && 'status' in value) return value;
  const amounts = entries as ProductAmounts;
  if (!amounts.price || amounts.price.amountMinor < 100) return badRequest('price_amount must be at least 1.00');
  return amounts;
}

/** The price rules every write keeps: the discount below the price, offer prices 5% below the price paid. */
export function priceProblem(amounts: ProductAmounts): Answer | null {
  const { price, discount, autoSendOffer, autoNegotiateOffer } = amounts;
  if (discount && discount.amountMinor >= price.amountMinor) return badRequest('discount_price must be less than price_amount');
  const reference = discount ?? price;
  if (autoSendOffer && !fivePercentBelow(autoSendOffer, reference))
    return badRequest('auto_send_offer_price must be at least 5% off the price_amount (or the discount_price when set)');
  if (autoNegotiateOffer && !fivePercentBelow(autoNegotiateOffer, reference))
    return badRequest('auto_negotiate_offer_price must be at least 5% off the price_amount (or the discount_price when set)');
  return null;
}

export const quantityProblem = (quantity: number): Answer | null =>
  Number.isInteger(quantity) && quantity >= 1 ? null : badRequest('quantity must be a whole number of at least 1');

/** invalid_size: a size set and size of the product type's set, none for a type without sizes. */
function sizeProblem(productType: string, sizeSetId: number | undefined, sizeId: number | undefined): string | null {
  if ((sizeSetId === undefined) !== (sizeId === undefined)) return 'size_set_id and size_id are given together';
  const set = SIZE_SETS.find((candidate) => candidate.productTypes.includes(productType));
  if (sizeSetId === undefined) return set ? `${productType} has a size set (${set.id}): its size_set_id and size_id are required` : null;
  if (SIZELESS.includes(productType)) return `${productType} has no sizes`;
  const chosen = SIZE_SETS.find((candidate) => candidate.id === sizeSetId);
  if (!chosen || (set && chosen !== set)) return `size set ${sizeSetId} is not one of ${productType}`;
  return chosen.sizes.includes(sizeId!) ? null : `size ${sizeId} is not in size set ${sizeSetId}`;
}

/** invalid_description: "Limited to 1000 characters", "Email addresses are not allowed", "up to 5 hashtags". */
function descriptionProblem(description: string): string | null {
  if ([...description].length > 1000) return 'it is longer than 1000 characters';
  if (/[^\s@]+@[^\s@]+\.[^\s@]+/.test(description)) return 'it contains an email address';
  if ((description.match(/#[\p{L}\p{N}_-]+/gu) ?? []).length > 5) return 'it has more than 5 hashtags';
  return null;
}

/** Why Depop refuses a create's or an update's fields (null: none). */
export function productProblem(input: ProductInput, seller: FakeSeller, amounts: ProductAmounts): Answer | null {
  const sku = input.sku ? ` (sku: ${input.sku})` : '';
  if (input.sku !== undefined && (!input.sku.trim() || input.sku.length > 50)) return badRequest('sku must be 1 to 50 characters');
  if (input.price_currency !== seller.currency)
    return badRequest(`price_currency must be ${seller.currency}, the currency of the shop (${input.price_currency} given)`);
  const quantity = quantityProblem(input.quantity);
  if (quantity) return quantity;
  if ((input.national_shipping_cost === undefined) === (input.depop_shipping === undefined))
    return badRequest('Either national_shipping_cost or depop_shipping must be provided (but not both)');
  const prices = priceProblem(amounts);
  if (prices) return prices;
  if (!input.pictures.length) return badRequest('pictures: at least 1 picture is required');
  for (const [field, max] of Object.entries(LIST_LIMITS)) {
    if ((input[field as keyof typeof LIST_LIMITS]?.length ?? 0) > max) return badRequest(`${field} takes at most ${max} values`);
  }
  if (input.pictures.length > 8)
    return exampleError(
      'tooManyPictures',
      `Failed to create or update product${sku} because too many pictures were provided. The maximum is 8 pictures.`,
    );
  if (!input.brand_name.trim())
    return exampleError(
      'invalidBrand',
      `Failed to create or update product${sku} due to invalid brand. Please check the brand configuration.`,
    );
  const size = sizeProblem(input.product_type, input.size_set_id, input.size_id);
  if (size)
    return exampleError(
      'invalidSize',
      `Failed to create or update product${sku} due to invalid size: ${size}. Please check the size configuration.`,
    );
  const description = descriptionProblem(input.description);
  if (description)
    return exampleError(
      'invalidDescription',
      `Failed to create or update product${sku} due to invalid description: ${description}. Use a maximum of 5 hashtags and only tag the brand your item belongs to.`,
    );
  if (!DEPARTMENTS.includes(input.department))
    return exampleError(
      'invalidCategory',
      `Failed to create or update product${sku} due to invalid category. Please ensure a valid department (gender) is provided.`,
    );
  if (input.national_shipping_cost !== undefined && !seller.manualShippingAllowed)
    return exampleError(
      'manualShippingNotAllowed',
      `Failed to create or update product${sku} because manual shipping is not allowed for this user.`,
    );
  return null;
}
