/**
 * The fake Depop's products, by SKU as the app calls them: create (POST /api/v1/products/, a SKU taken once), create
 * or update (PUT by SKU; an update of a sold product restocks it), patch (price, discount, offer prices, quantity of
 * a product on sale), read (its offer prices only with offers_read), the seller's products a page at a time, delete
 * (idempotent; 409 with fail_if_active_offers when an offer is open), mark as sold, and an offer to a buyer who liked
 * it. A SKU belongs to its seller and is never reused, even once its product is deleted.
 */
import { toDecimalString, moneyFromDecimal, type Money } from '../../src/shared/domain/money';
import { depopError, exampleError, type Answer } from './fake-depop-answers';
import {
  amountOf,
  amountsOf,
  fivePercentBelow,
  priceProblem,
  productProblem,
  quantityProblem,
  type ProductAmounts,
  type ProductInput,
} from './fake-depop-product-rules';
import type { DepopCall, FakeDepopState, FakeProduct, FakeSeller } from './fake-depop-state';

const decimal = (value: Money | null) => (value ? toDecimalString(value) : undefined);
const isAnswer = (value: ProductAmounts | Answer): value is Answer => 'status' in value;
const notFound = (sku: string) => depopError(404, 'product_not_found', `Product (sku: ${sku}, id: None, slug: None) not found`);
const slugOf = (product: { brand: string; productType: string; productId: number }) =>
  `${product.brand}-${product.productType}-${product.productId}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** A product as Depop answers it (Product): offer prices only for a token with offers_read, absent fields left out. */
export function productOut(product: FakeProduct, offersRead: boolean, pages: string) {
  return {
    sku: product.sku,
    product_id: product.productId,
    slug: product.slug,
    status: product.status,
    address: product.address,
    description: product.description,
    price_currency: product.price.currency,
    price_amount: toDecimalString(product.price),
    current_price: toDecimalString(product.discount ?? product.price),
    ...(offersRead
      ? { auto_send_offer_price: decimal(product.autoSendOffer), auto_negotiate_offer_price: decimal(product.autoNegotiateOffer) }
      : {}),
    national_shipping_cost: decimal(product.nationalShipping),
    international_shipping_cost: decimal(product.internationalShipping),
    ...(product.depopShipping ? { depop_shipping: product.depopShipping } : {}),
    quantity: product.quantity,
    pictures: product.pictures.map((_, i) => ({ url: `${pages}/photos/${product.productId}/P${i}.jpg`, height: 1280, width: 1280 })),
    department: product.department,
    product_type: product.productType,
    ...(product.sizeSetId !== null ? { size_set_id: product.sizeSetId } : {}),
    ...(product.sizeIds.length === 1 ? { size_id: product.sizeIds[0] } : {}),
    ...(product.condition ? { condition: product.condition } : {}),
    colour: product.colour,
    style: product.style,
    age: product.age,
    source: product.source,
    brand: product.brand,
    attributes: product.attributes,
    is_boosted: product.isBoosted,
    created_at: product.createdAt,
    updated_at: product.updatedAt,
  };
}

/** The fields a create or an update sets (the rules already kept). */
function fieldsOf(input: ProductInput, amounts: ProductAmounts) {
  return {
    address: input.address,
    description: input.description,
    ...amounts,
    depopShipping: input.depop_shipping ?? null,
    quantity: input.quantity,
    pictures: input.pictures.map((picture) => picture.url),
    department: input.department,
    productType: input.product_type,
    sizeSetId: input.size_set_id ?? null,
    sizeIds: input.size_id === undefined ? [] : [input.size_id],
    condition: input.condition,
    colour: input.colour ?? [],
    style: input.style ?? [],
    age: input.age ?? [],
    source: input.source ?? [],
    brand: input.brand_name,
    attributes: input.attributes ?? {},
  } satisfies Partial<FakeProduct>;
}

/** A new product of the seller's, on sale, remembered under its SKU. */
function newProduct(
  state: FakeDepopState,
  seller: FakeSeller,
  at: number,
  fields: ReturnType<typeof fieldsOf> & { sku: string | null; isBoosted: boolean },
): FakeProduct {
  const when = new Date(at).toISOString();
  const product: FakeProduct = {
    ...fields,
    productId: state.id(),
    sellerId: seller.id,
    slug: '',
    status: 'STATUS_ONSALE',
    createdAt: when,
    updatedAt: when,
    likers: new Set(),
    activeOffers: [],
  };
  product.slug = slugOf(product);
  state.products.set(product.productId, product);
  if (product.sku !== null) {
    const skus = state.skus.get(seller.id) ?? new Map<string, number>();
    skus.set(product.sku, product.productId);
    state.skus.set(seller.id, skus);
  }
  return product;
}

/** The input's amounts and the rules, or Depop's refusal. */
function checked(input: ProductInput, seller: FakeSeller): ProductAmounts | Answer {
  const amounts = amountsOf(input, seller.currency);
  if (isAnswer(amounts)) return amounts;
  return productProblem(input, seller, amounts) ?? amounts;
}

const created = (product: FakeProduct): Answer => ({
  status: 200,
  body: { product_id: product.productId, slug: product.slug, sku: product.sku },
});

/** POST /api/v1/products/: "If you provide a SKU and it already exists, the request will fail with a 400 error." */
export function createProduct(call: DepopCall): Answer {
  const input = call.body as unknown as ProductInput;
  const amounts = checked(input, call.seller);
  if (isAnswer(amounts)) return amounts;
  if (input.sku !== undefined && call.state.productBySku(call.seller.id, input.sku))
    return depopError(400, 'bad-request', `A product with sku ${input.sku} already exists (a SKU can't be reused)`);
  const fields = { ...fieldsOf(input, amounts), sku: input.sku ?? null, isBoosted: input.is_boosted ?? false };
  return created(newProduct(call.state, call.seller, call.now(), fields));
}

/**
 * PUT /api/v1/products/by-sku/{sku}/: a new SKU creates the product, a known one updates it with the request's
 * details (a sold one back on sale: "If you want to restock a product, call the PUT endpoint with the same SKU"); a
 * deleted product's SKU is not taken again.
 */
export function createOrUpdateProduct(call: DepopCall): Answer {
  const sku = call.params.sku!;
  const input = { ...(call.body as unknown as ProductInput), sku };
  const amounts = checked(input, call.seller);
  if (isAnswer(amounts)) return amounts;
  const existing = call.state.productBySku(call.seller.id, sku);
  if (existing?.status === 'STATUS_DELETED')
    return depopError(400, 'bad-request', `The SKU ${sku} belonged to a deleted product and can't be reused`);
  if (!existing)
    return created(
      newProduct(call.state, call.seller, call.now(), { ...fieldsOf(input, amounts), sku, isBoosted: input.is_boosted ?? false }),
    );
  Object.assign(existing, fieldsOf(input, amounts), {
    status: 'STATUS_ONSALE',
    // "For existing products, when omitting, the current boost state is preserved."
    isBoosted: input.is_boosted ?? existing.isBoosted,
    updatedAt: new Date(call.now()).toISOString(),
  });
  return created(existing);
}

/** The caller's live product of the path's SKU (a deleted one is gone), or the 404 of ProductNotFound. */
function ownProduct(call: DepopCall): FakeProduct | Answer {
  const product = call.state.productBySku(call.seller.id, call.params.sku!);
  return product && product.status !== 'STATUS_DELETED' ? product : notFound(call.params.sku!);
}
const isProduct = (value: FakeProduct | Answer): value is FakeProduct => 'productId' in value;

/** PATCH by SKU: "patch an `ON SALE` product's fields" (PatchProductRequest: prices, offer prices, quantity). */
export function patchProduct(call: DepopCall): Answer {
  const product = ownProduct(call);
  if (!isProduct(product)) return product;
  const patch = call.body as { price_amount?: string; discount_price?: string; quantity?: number };
  if (!Object.keys(patch).length) return depopError(400, 'bad-request', 'Nothing to patch: send at least one field');
  if (product.status !== 'STATUS_ONSALE')
    return depopError(400, 'bad-request', `Only a product on sale can be patched; ${call.params.sku} is ${product.status}`);
  const amounts = amountsOf(patch, product.price.currency, product);
  if (isAnswer(amounts)) return amounts;
  const problem = priceProblem(amounts) ?? (patch.quantity === undefined ? null : quantityProblem(patch.quantity));
  if (problem) return problem;
  Object.assign(product, amounts, { quantity: patch.quantity ?? product.quantity, updatedAt: new Date(call.now()).toISOString() });
  return { status: 200 };
}

export function getProductBySku(call: DepopCall): Answer {
  const product = ownProduct(call);
  if (!isProduct(product)) return product;
  return { status: 200, body: productOut(product, call.scopes.includes('offers_read'), call.pages) };
}

/** DELETE by SKU: "idempotent - it will return a successful response (200) even if the product doesn't exist". */
export function deleteProduct(call: DepopCall): Answer {
  const product = call.state.productBySku(call.seller.id, call.params.sku!);
  if (!product || product.status === 'STATUS_DELETED') return { status: 200 };
  if (call.query.get('fail_if_active_offers') === 'true' && product.activeOffers.length)
    return depopError(409, 'product_has_active_offers', 'Product has active offers and cannot be deleted.');
  product.status = 'STATUS_DELETED';
  product.updatedAt = new Date(call.now()).toISOString();
  return { status: 200 };
}

/** Mark as sold: off sale with a "sold" overlay; a product not on sale stays as it is, and the answer is a success. */
export function markProductAsSold(call: DepopCall): Answer {
  const product = ownProduct(call);
  if (!isProduct(product)) return product;
  if (product.status === 'STATUS_ONSALE') {
    product.status = 'STATUS_MARKED_AS_SOLD';
    product.activeOffers = [];
    product.updatedAt = new Date(call.now()).toISOString();
  }
  return { status: 200 };
}

/** submitOfferBySku: the document's validation rules, each its 422 example, to a buyer who has shown interest. */
export function submitOfferBySku(call: DepopCall): Answer {
  const product = ownProduct(call);
  if (!isProduct(product)) return product;
  const offer = call.body as { offer_recipient_id: number; offer_value: number; offer_currency: string; size_id?: number };
  const id = product.slug;
  if (offer.offer_currency !== product.price.currency)
    return exampleError(
      'currencyMismatch',
      `Offer currency ${offer.offer_currency} does not match product currency ${product.price.currency}`,
    );
  const value = moneyFromDecimal(offer.offer_value, product.price.currency);
  if (!value || value.amountMinor < 1) return depopError(400, 'bad-request', 'offer_value must be at least 0.01 with up to 2 decimals');
  if (!fivePercentBelow(value, product.price))
    return exampleError('priceNotAtOfferThreshold', 'Offer value must be at least 5% lower than the product price');
  if (offer.size_id !== undefined && !product.sizeIds.length)
    return exampleError('noSizesButSizeProvided', `Product ${id} does not have multiple sizes, a size ID must not be provided`);
  if (offer.size_id === undefined && product.sizeIds.length > 1)
    return exampleError('multipleSizesNoSizeId', `Product ${id} has multiple sizes, a size ID must be provided`);
  if (offer.size_id !== undefined && !product.sizeIds.includes(offer.size_id))
    return exampleError('invalidSizeId', `Size Id ${offer.size_id} does not exist for product ${id}`);
  // "You can only send offers to buyers who have shown interest in your products (likes, bags, messages)."
  if (!product.likers.has(offer.offer_recipient_id))
    return depopError(422, 'validation-error', `User ${offer.offer_recipient_id} has not shown interest in product ${id}`);
  product.activeOffers.push({ recipientId: offer.offer_recipient_id, value });
  return { status: 200 };
}

const STATES: Record<string, FakeProduct['status'][]> = {
  selling: ['STATUS_ONSALE'],
  sold: ['STATUS_PURCHASED', 'STATUS_MARKED_AS_SOLD'],
  all: ['STATUS_ONSALE', 'STATUS_PURCHASED', 'STATUS_MARKED_AS_SOLD'],
};

/** getAllProducts: newest first (or oldest with id_asc), at most 100 a page, the cursor where the last page ended. */
export function getAllProducts(call: DepopCall): Answer {
  const limit = Number(call.query.get('limit') ?? 20);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) return depopError(400, 'bad-request', 'limit must be 1 to 100');
  const ascending = call.query.get('sort_by') === 'id_asc';
  const wanted = STATES[call.query.get('state') ?? 'all']!;
  const cursor = call.query.get('cursor');
  const after = cursor === null ? null : Number(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (after !== null && !Number.isSafeInteger(after)) return depopError(400, 'bad-request', 'cursor is not one this API gave');
  const all = [...call.state.products.values()]
    .filter((p) => p.sellerId === call.seller.id && wanted.includes(p.status))
    .sort((a, b) => (ascending ? a.productId - b.productId : b.productId - a.productId))
    .filter((p) => after === null || (ascending ? p.productId > after : p.productId < after));
  const page = all.slice(0, limit);
  const last = page.at(-1);
  return {
    status: 200,
    body: {
      meta: { ...(last ? { cursor: Buffer.from(String(last.productId)).toString('base64url') } : {}), has_more: all.length > limit },
      data: page.map((p) => productOut(p, call.scopes.includes('offers_read'), call.pages)),
    },
  };
}

/** A product listed in Depop's own app with several sizes (the API lists one): what makes an offer's size_id matter. */
export function seedProduct(
  state: FakeDepopState,
  seller: FakeSeller,
  at: number,
  seed: { sku: string; price: string; sizeIds?: number[]; quantity?: number },
): FakeProduct {
  const price = amountOf(seed.price, seller.currency);
  if (!price) throw new Error(`not a price: ${seed.price}`);
  return newProduct(state, seller, at, {
    sku: seed.sku,
    address: { country_code: seller.countryCode },
    description: 'Listed in the Depop app',
    price,
    discount: null,
    autoSendOffer: null,
    autoNegotiateOffer: null,
    nationalShipping: { amountMinor: 0, currency: price.currency },
    internationalShipping: null,
    depopShipping: null,
    quantity: seed.quantity ?? 1,
    pictures: ['https://example.com/p0.jpg'],
    department: 'womenswear',
    productType: 'tshirts',
    sizeSetId: seed.sizeIds?.length ? 52 : null,
    sizeIds: seed.sizeIds ?? [],
    condition: 'used_excellent',
    colour: [],
    style: [],
    age: [],
    source: [],
    brand: 'unbranded',
    attributes: {},
    isBoosted: false,
  });
}
