/**
 * What the app writes to Depop about a product: the document's fields (ProductCreateRequest, ProductPutRequest,
 * PatchProductRequest), their amounts given as Money and sent as Depop's decimal strings ("25.99") beside one
 * `price_currency`; amounts in two currencies are refused before anything is sent.
 */
import type { Money } from '@shared/domain/money';
import type { components } from './generated/depop';
import { depopDecimal } from './depop-money';

type DepopSchemas = components['schemas'];

/** The amounts a product is written with, in one currency (the shop's). */
export interface DepopAmounts {
  price: Money;
  /** Shown as the price, the price crossed out. */
  discountPrice?: Money;
  /** Sent to buyers who liked or bagged it (needs offers_write). */
  autoSendOfferPrice?: Money;
  /** Accepted at or above, countered below (needs offers_write). */
  autoNegotiateOfferPrice?: Money;
  /** Either this (manual shipping; 0: free) or the fields' `depop_shipping`. */
  nationalShipping?: Money;
  internationalShipping?: Money;
}

type AmountFields =
  | 'price_amount'
  | 'price_currency'
  | 'discount_price'
  | 'auto_send_offer_price'
  | 'auto_negotiate_offer_price'
  | 'national_shipping_cost'
  | 'international_shipping_cost';

/** A new product (POST /api/v1/products/): the document's fields, its amounts as Money. */
export type DepopNewProduct = Omit<DepopSchemas['ProductCreateRequest'], AmountFields> & DepopAmounts;
/** A product created or updated by SKU (PUT by SKU): the document's fields, its amounts as Money. */
export type DepopProductFields = Omit<DepopSchemas['ProductPutRequest'], AmountFields> & DepopAmounts;

/** What a patch by SKU changes (PatchProductRequest): the price, the discount, the offer prices, the quantity. */
export interface DepopProductPatch {
  price?: Money;
  discountPrice?: Money;
  autoSendOfferPrice?: Money;
  autoNegotiateOfferPrice?: Money;
  quantity?: number;
}

/** All amounts of a write in one currency: Depop takes one `price_currency` for them all. */
export function currencyOf(amounts: readonly (Money | undefined)[]): string {
  const currencies = new Set(amounts.flatMap((amount) => (amount ? [amount.currency] : [])));
  if (currencies.size > 1) throw new Error(`A Depop product's amounts are in one currency, not ${[...currencies].join(' and ')}`);
  return [...currencies][0] ?? '';
}

const decimalOf = (amount: Money | undefined) => (amount ? depopDecimal(amount) : undefined);

/** The document's amount fields of a product's Money (absent ones left out). */
function amountFields(amounts: DepopAmounts) {
  const { price, discountPrice, autoSendOfferPrice, autoNegotiateOfferPrice, nationalShipping, internationalShipping } = amounts;
  currencyOf([price, discountPrice, autoSendOfferPrice, autoNegotiateOfferPrice, nationalShipping, internationalShipping]);
  const fields = {
    price_currency: price.currency,
    price_amount: depopDecimal(price),
    discount_price: decimalOf(discountPrice),
    auto_send_offer_price: decimalOf(autoSendOfferPrice),
    auto_negotiate_offer_price: decimalOf(autoNegotiateOfferPrice),
    national_shipping_cost: decimalOf(nationalShipping),
    international_shipping_cost: decimalOf(internationalShipping),
  };
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as typeof fields;
}

/** The product's own fields without its Money ones (the rest of DepopAmounts is sent as the document's fields). */
function withoutAmounts<T extends DepopAmounts>(fields: T): Omit<T, keyof DepopAmounts> {
  const rest: Partial<T> = { ...fields };
  for (const name of [
    'price',
    'discountPrice',
    'autoSendOfferPrice',
    'autoNegotiateOfferPrice',
    'nationalShipping',
    'internationalShipping',
  ])
    delete rest[name as keyof T];
  return rest as Omit<T, keyof DepopAmounts>;
}

/** A create's or an update's body as the document has it. */
export function productBody<T extends DepopAmounts>(fields: T) {
  return { ...withoutAmounts(fields), ...amountFields(fields) };
}

/** A patch's body as the document has it (PatchProductRequest), what it leaves out absent. */
export function patchBody(patch: DepopProductPatch) {
  const { price, discountPrice, autoSendOfferPrice, autoNegotiateOfferPrice, quantity } = patch;
  currencyOf([price, discountPrice, autoSendOfferPrice, autoNegotiateOfferPrice]);
  const body = {
    price_amount: decimalOf(price),
    discount_price: decimalOf(discountPrice),
    auto_send_offer_price: decimalOf(autoSendOfferPrice),
    auto_negotiate_offer_price: decimalOf(autoNegotiateOfferPrice),
    quantity,
  };
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)) as Partial<typeof body>;
}
