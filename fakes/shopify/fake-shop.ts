/**
 * One shop of the fake Shopify: its products, orders and webhook subscriptions, and the root fields of the operations
 * the app uses, answering in the schema's own shapes (graphql's `execute` runs them, so a non-null field left out
 * fails here as it would fail the client). Ids are Shopify's global ids (gid://shopify/Product/1001).
 */
import { GraphQLError } from 'graphql';
import { productSetProblems, productUpdateProblems, variantsBulkUpdateProblems } from './fake-product-rules';

export interface FakeVariant {
  id: string;
  sku: string | null;
  price: string;
  inventoryQuantity: number;
  /** ProductVariant.selectedOptions: its value of each of the product's options. */
  selectedOptions?: { name: string; value: string }[];
}
export interface FakeProduct {
  id: string;
  handle: string;
  title: string;
  descriptionHtml: string;
  tags: string[];
  status: 'ACTIVE' | 'ARCHIVED' | 'DRAFT' | 'UNLISTED';
  photoUrls: string[];
  publicationIds: string[];
  variants: FakeVariant[];
}
export interface FakeOrderLine {
  id: string;
  sku: string | null;
  /** The product's title when it was bought (LineItem.title). */
  title: string;
  quantity: number;
  productId: string;
  variantId: string;
  price: string;
}
/** A payment on an order; Shopify Payments' carry the fees it charged (OrderTransaction.fees). */
export interface FakeTransaction {
  id: string;
  kind: 'SALE' | 'CAPTURE' | 'AUTHORIZATION' | 'REFUND';
  status: 'SUCCESS' | 'PENDING' | 'FAILURE';
  gateway: string;
  amount: string;
  fees: { amount: string; type: string; rate: string; flatFee: string }[];
}
export interface FakeOrder {
  id: string;
  name: string;
  createdAt: string;
  updatedAt: string;
  cancelledAt: string | null;
  /** The customer who placed it (null: a guest checkout), as Order.customer names them. */
  customer: { id: string; firstName: string; lastName: string } | null;
  shipping: string;
  lines: FakeOrderLine[];
  transactions: FakeTransaction[];
}

/** Orders older than this are not readable without the read_all_orders scope (the schema's Order note). */
export const ORDERS_READABLE_DAYS = 60;
/** Shopify Payments' online rate on the Basic plan in the US: 2.9% + 30¢ of what the buyer paid. */
export const FAKE_PAYMENTS_RATE = { perMille: 29, flatMinor: 30 };
/** "12.5" → 1250: the fake's shops are in two-decimal currencies. */
export const centsOf = (amount: string) => {
  const [whole = '0', fraction = ''] = amount.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
};
const decimalOf = (cents: number) => `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
/** The reasons inventorySetQuantities takes (Shopify's documented list, the ones an app sends). */
const INVENTORY_REASONS = new Set([
  'correction',
  'cycle_count_available',
  'damaged',
  'movement_created',
  'movement_updated',
  'received',
  'restock',
  'other',
]);

let nextId = 1001;
const gid = (type: string) => `gid://shopify/${type}/${nextId++}`;
/**
 * Ids given from now on are past `highest` (a restored simulation's ids, decision 188): one id is never given twice,
 * as the counter is the module's, shared by every shop.
 */
export const continueIdsPast = (highest: number) => {
  nextId = Math.max(nextId, highest + 1);
};
/** The next id `gid` gives (tests). */
export const peekNextId = () => nextId;
export const numericId = (id: string) => Number(id.split('/').pop());
const isDecimal = (value: unknown) => typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value);

type Input = Record<string, unknown> & { [key: string]: any }; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A variant price the app sent (productSet, productVariantsBulkUpdate): the bench checks each against the floor. */
export interface ShopifySentPrice {
  at: number;
  productId: string;
  sku: string | null;
  operation: 'productSet' | 'productVariantsBulkUpdate';
  price: string;
}

export type SavedShop = Pick<
  FakeShop,
  'domain' | 'currency' | 'locationId' | 'publications' | 'products' | 'orders' | 'webhooks' | 'inventoryKeys' | 'shopifyPayments'
>;

export class FakeShop {
  readonly locationId = gid('Location');
  readonly publications = [
    { id: gid('Publication'), catalog: { __typename: 'AppCatalog', title: 'Online Store' } },
    { id: gid('Publication'), catalog: { __typename: 'AppCatalog', title: 'Point of Sale' } },
  ];
  readonly products = new Map<string, FakeProduct>();
  readonly orders: FakeOrder[] = [];
  readonly webhooks: { id: string; topic: string; uri: string }[] = [];
  /** Idempotency keys of inventorySetQuantities already applied (a replay changes nothing). */
  readonly inventoryKeys = new Set<string>();
  /** Every variant price the app sent, in order. */
  readonly pricesSent: ShopifySentPrice[] = [];
  /** Pays with Shopify Payments (fees charged); false: another gateway, whose transactions carry no fees. */
  shopifyPayments = true;
  /** The cost bucket (Shopify's standard plan: 2,000 points, 100 a second back). */
  bucket = { maximumAvailable: 2000, currentlyAvailable: 2000, restoreRate: 100, at: Date.now() };

  constructor(
    readonly domain: string,
    /** The shop's currency (Shop.currencyCode): every price it takes is in it. Set before the store is connected. */
    public currency = 'USD',
  ) {}

  /**
   * What the app's simulation keeps of the shop between runs (decision 188): its ids, products, orders, webhook
   * subscriptions, applied idempotency keys, currency and gateway; not the prices sent (a bench's record) nor the bucket.
   */
  persistentState(): SavedShop {
    const { domain, currency, locationId, publications, products, orders, webhooks, inventoryKeys, shopifyPayments } = this;
    return { domain, currency, locationId, publications, products, orders, webhooks, inventoryKeys, shopifyPayments };
  }

  /** The shop a `persistentState()` kept, a FakeShop again (its methods work). Call `continueIdsPast` first. */
  static restore(saved: SavedShop): FakeShop {
    return Object.assign(new FakeShop(saved.domain, saved.currency), saved);
  }

  /** Takes `cost` from the bucket if it holds it; the bucket's state either way. */
  spend(cost: number): { ok: boolean; throttleStatus: { maximumAvailable: number; currentlyAvailable: number; restoreRate: number } } {
    const b = this.bucket;
    const now = Date.now();
    b.currentlyAvailable = Math.min(b.maximumAvailable, b.currentlyAvailable + ((now - b.at) / 1000) * b.restoreRate);
    b.at = now;
    const ok = cost <= b.currentlyAvailable;
    if (ok) b.currentlyAvailable -= cost;
    const { maximumAvailable, restoreRate } = b;
    return { ok, throttleStatus: { maximumAvailable, currentlyAvailable: Math.floor(b.currentlyAvailable), restoreRate } };
  }

  /** A copy of a product under another SKU (new product and variant ids): benches seed many products at once from one. */
  copyProduct(productId: string, sku: string): FakeProduct {
    const product = this.products.get(productId);
    if (!product) throw new Error(`no product ${productId}`);
    const id = gid('Product');
    const copy: FakeProduct = {
      ...structuredClone(product),
      id,
      handle: `${product.handle}-${numericId(id)}`,
      variants: product.variants.map((v) => ({ ...v, id: gid('ProductVariant'), sku })),
    };
    this.products.set(id, copy);
    return copy;
  }

  productOut(p: FakeProduct) {
    return {
      __typename: 'Product',
      ...p,
      onlineStoreUrl:
        p.status === 'ACTIVE' && p.publicationIds.includes(this.publications[0]!.id) ? `https://${this.domain}/products/${p.handle}` : null,
      variants: () => ({ nodes: p.variants }),
      media: () => ({
        nodes: p.photoUrls.map((_, i) => ({
          __typename: 'MediaImage',
          id: `${p.id}-media-${i}`,
          status: 'READY',
          mediaContentType: 'IMAGE',
        })),
      }),
    };
  }

  orderOut(o: FakeOrder) {
    const shopMoney = (amount: string) => ({
      shopMoney: { amount, currencyCode: this.currency },
      presentmentMoney: { amount, currencyCode: this.currency },
    });
    const money = (amount: string) => ({ amount, currencyCode: this.currency });
    return {
      __typename: 'Order',
      ...o,
      transactions: o.transactions.map((t) => ({
        ...t,
        amountSet: shopMoney(t.amount),
        fees: t.fees.map((f, i) => ({
          id: `${t.id}-fee-${i}`,
          amount: money(f.amount),
          flatFee: money(f.flatFee),
          flatFeeName: null,
          rate: f.rate,
          rateName: null,
          taxAmount: money('0.00'),
          type: f.type,
        })),
      })),
      currencyCode: this.currency,
      customer: o.customer && { ...o.customer, displayName: `${o.customer.firstName} ${o.customer.lastName}`, email: null, phone: null },
      totalShippingPriceSet: shopMoney(o.shipping),
      lineItems: () => ({
        nodes: o.lines.map((l) => ({
          ...l,
          product: { id: l.productId },
          variant: { id: l.variantId },
          originalUnitPriceSet: shopMoney(l.price),
        })),
      }),
    };
  }

  private setProduct(input: Input, identifier: Input | undefined) {
    const existing = [...this.products.values()].find(
      (p) => (identifier?.id && p.id === identifier.id) || (identifier?.handle && p.handle === identifier.handle),
    );
    const refused = productSetProblems(input, !existing);
    if (refused.length) return { product: null, userErrors: refused };
    for (const v of (input.variants ?? []) as Input[])
      if (v.price !== undefined && !isDecimal(v.price))
        throw new GraphQLError(`Variable $input of type ProductSetInput! was provided invalid value for variants.price`);
    const variants = ((input.variants ?? []) as Input[]).map((v, i) => ({
      id: existing?.variants[i]?.id ?? gid('ProductVariant'),
      sku: (v.inventoryItem?.sku ?? v.sku ?? null) as string | null,
      price: (v.price ?? '0.00') as string,
      inventoryQuantity: ((v.inventoryQuantities ?? []) as Input[]).find((q) => q.locationId === this.locationId)?.quantity ?? 0,
      selectedOptions: ((v.optionValues ?? []) as Input[]).map((o) => ({ name: String(o.optionName), value: String(o.name) })),
    }));
    const bad = ((input.variants ?? []) as Input[])
      .flatMap((v) => (v.inventoryQuantities ?? []) as Input[])
      .find((q) => q.locationId !== this.locationId);
    if (bad)
      return {
        product: null,
        userErrors: [
          { field: ['input', 'variants', '0', 'inventoryQuantities'], message: 'Location does not exist', code: 'INVALID_INPUT' },
        ],
      };
    const product: FakeProduct = {
      id: existing?.id ?? gid('Product'),
      handle: (input.handle ??
        identifier?.handle ??
        existing?.handle ??
        String(input.title)
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '-')) as string,
      title: (input.title ?? existing?.title) as string,
      descriptionHtml: (input.descriptionHtml ?? existing?.descriptionHtml ?? '') as string,
      tags: (input.tags ?? existing?.tags ?? []) as string[],
      status: (input.status ?? existing?.status ?? 'ACTIVE') as FakeProduct['status'],
      photoUrls: ((input.files ?? []) as Input[]).map((f) => f.originalSource as string),
      publicationIds: existing?.publicationIds ?? [],
      variants: variants.length ? variants : (existing?.variants ?? []),
    };
    this.products.set(product.id, product);
    for (const [i, v] of ((input.variants ?? []) as Input[]).entries())
      if (v.price !== undefined)
        this.pricesSent.push({
          at: Date.now(),
          productId: product.id,
          sku: product.variants[i]?.sku ?? null,
          operation: 'productSet',
          price: v.price as string,
        });
    return { product: this.productOut(product), productSetOperation: null, userErrors: [] };
  }

  private product(id: string) {
    return this.products.get(id);
  }

  private variant(id: string) {
    for (const p of this.products.values()) for (const v of p.variants) if (v.id === id) return v;
    return undefined;
  }

  /** A variant's inventory item shares its number (gid://shopify/InventoryItem/<n>). */
  private inventoryItemOut(variant: FakeVariant) {
    return {
      id: `gid://shopify/InventoryItem/${numericId(variant.id)}`,
      inventoryLevel: ({ locationId }: { locationId: string }) =>
        locationId === this.locationId
          ? {
              id: `gid://shopify/InventoryLevel/${numericId(variant.id)}`,
              quantities: ({ names }: { names: string[] }) =>
                names.map((name) => ({
                  id: `${variant.id}-${name}`,
                  name,
                  quantity: name === 'available' ? variant.inventoryQuantity : 0,
                })),
            }
          : null,
    };
  }

  private setInventory(input: Input, key: string | undefined) {
    const refuse = (message: string, code: string, field: string[] = ['input']) => ({
      inventoryAdjustmentGroup: null,
      userErrors: [{ field, message, code }],
    });
    if (!key) throw new GraphQLError('The @idempotent directive is required for this mutation.', { extensions: { code: 'BAD_REQUEST' } });
    if (input.name !== 'available' && input.name !== 'on_hand')
      return refuse('The quantity name must be available or on_hand', 'INVALID_NAME', ['input', 'name']);
    if (!INVENTORY_REASONS.has(input.reason as string)) return refuse('The reason is not valid', 'INVALID_REASON', ['input', 'reason']);
    const changes: { variant: FakeVariant; quantity: number }[] = [];
    for (const [i, q] of (input.quantities as Input[]).entries()) {
      const field = ['input', 'quantities', String(i)];
      if (!('changeFromQuantity' in q)) throw new GraphQLError('changeFromQuantity must be provided (null to skip the check)');
      const variant = this.variant(`gid://shopify/ProductVariant/${numericId(q.inventoryItemId as string)}`);
      if (!variant)
        return refuse('The specified inventory item could not be found.', 'INVALID_INVENTORY_ITEM', [...field, 'inventoryItemId']);
      if (q.locationId !== this.locationId)
        return refuse('The specified location could not be found.', 'INVALID_LOCATION', [...field, 'locationId']);
      if (q.changeFromQuantity !== null && q.changeFromQuantity !== variant.inventoryQuantity)
        return refuse('The specified compare quantity is stale.', 'CHANGE_FROM_QUANTITY_STALE', [...field, 'changeFromQuantity']);
      if ((q.quantity as number) < 0)
        return refuse('The quantity cannot be negative.', 'INVALID_QUANTITY_NEGATIVE', [...field, 'quantity']);
      changes.push({ variant, quantity: q.quantity as number });
    }
    if (!this.inventoryKeys.has(key)) for (const { variant, quantity } of changes) variant.inventoryQuantity = quantity;
    this.inventoryKeys.add(key);
    return { inventoryAdjustmentGroup: { id: `gid://shopify/InventoryAdjustmentGroup/${nextId++}` }, userErrors: [] };
  }

  /** The root value graphql's `execute` runs each request against. */
  root(options: { onWebhookUri?: (uri: string) => void; variables?: Record<string, unknown> } = {}) {
    const missing = (field: string[]) => ({ userErrors: [{ field, message: 'Product does not exist' }] });
    return {
      shop: { id: gid('Shop'), name: this.domain.split('.')[0], myshopifyDomain: this.domain, currencyCode: this.currency },
      locations: () => ({ nodes: [{ id: this.locationId, name: 'Shop location', isActive: true }] }),
      publications: () => ({ nodes: this.publications }),
      product: ({ id }: { id: string }) => (this.product(id) ? this.productOut(this.product(id)!) : null),
      productVariant: ({ id }: { id: string }) => {
        const variant = this.variant(id);
        return variant ? { __typename: 'ProductVariant', ...variant, inventoryItem: this.inventoryItemOut(variant) } : null;
      },
      nodes: ({ ids }: { ids: string[] }) =>
        ids.map((id) => {
          const order = this.orders.find((o) => o.id === id);
          return order ? this.orderOut(order) : null;
        }),
      webhookSubscriptions: ({ uri, topics, first }: { uri?: string; topics?: string[]; first?: number }) => ({
        nodes: this.webhooks
          .filter((w) => (!uri || w.uri === uri) && (!topics || topics.includes(w.topic)))
          .slice(0, first ?? 50)
          .map((w) => ({ __typename: 'WebhookSubscription', ...w })),
      }),
      orders: ({ query, after, first }: { query?: string; after?: string; first?: number }) => {
        const since = /updated_at:>='([^']+)'/.exec(query ?? '')?.[1];
        // The schema's Order: "Only the last 60 days' worth of orders from a store are accessible from the `Order`
        // object by default" (older ones need read_all_orders, which the app does not ask for).
        const oldest = new Date(Date.now() - ORDERS_READABLE_DAYS * 86_400_000).toISOString();
        const all = this.orders
          .filter((o) => o.createdAt >= oldest)
          .filter((o) => !since || o.updatedAt >= new Date(since).toISOString())
          .sort((a, b) => a.updatedAt.localeCompare(b.updatedAt));
        const start = after ? Number(after) : 0;
        const page = all.slice(start, start + (first ?? 50));
        const end = start + page.length;
        return {
          nodes: page.map((o) => this.orderOut(o)),
          pageInfo: { hasNextPage: end < all.length, endCursor: page.length ? String(end) : null },
        };
      },
      productSet: ({ input, identifier }: { input: Input; identifier?: Input }) => this.setProduct(input, identifier),
      publishablePublish: ({ id, input }: { id: string; input: Input[] }) => {
        const p = this.product(id);
        if (!p) return { ...missing(['id']), shop: {} };
        for (const target of input) {
          if (!this.publications.some((pub) => pub.id === target.publicationId))
            return { userErrors: [{ field: ['input', '0', 'publicationId'], message: 'Publication does not exist' }], shop: {} };
          if (!p.publicationIds.includes(target.publicationId as string)) p.publicationIds.push(target.publicationId as string);
        }
        return { publishable: null, userErrors: [], shop: {} };
      },
      productUpdate: ({ product: change }: { product?: Input }) => {
        const p = change?.id ? this.product(change.id as string) : undefined;
        if (!p) return { product: null, ...missing(['id']) };
        const refused = productUpdateProblems(change!);
        if (refused.length) return { product: null, userErrors: refused };
        for (const key of ['title', 'descriptionHtml', 'tags', 'status'] as const)
          if (change![key] !== undefined && change![key] !== null) (p as unknown as Input)[key] = change![key];
        return { product: this.productOut(p), userErrors: [] };
      },
      productVariantsBulkUpdate: ({ productId, variants }: { productId: string; variants: Input[] }) => {
        const p = this.product(productId);
        if (!p)
          return {
            productVariants: null,
            userErrors: [{ field: ['productId'], message: 'Product does not exist', code: 'PRODUCT_DOES_NOT_EXIST' }],
          };
        for (const v of variants)
          if (v.price !== undefined && !isDecimal(v.price))
            throw new GraphQLError('Variable $variants was provided invalid value for price');
        const refused = variantsBulkUpdateProblems(variants);
        if (refused.length) return { productVariants: null, userErrors: refused };
        const changed = variants.map((v) => {
          const variant = p.variants.find((x) => x.id === v.id);
          if (variant && v.price !== undefined) variant.price = v.price as string;
          return variant;
        });
        if (changed.some((v) => !v))
          return {
            productVariants: null,
            userErrors: [
              { field: ['variants', '0', 'id'], message: 'Product variant does not exist', code: 'PRODUCT_VARIANT_DOES_NOT_EXIST' },
            ],
          };
        for (const v of variants)
          if (v.price !== undefined)
            this.pricesSent.push({
              at: Date.now(),
              productId: p.id,
              sku: p.variants.find((x) => x.id === v.id)?.sku ?? null,
              operation: 'productVariantsBulkUpdate',
              price: v.price as string,
            });
        return { product: this.productOut(p), productVariants: changed, userErrors: [] };
      },
      inventorySetQuantities: (
        { input }: { input: Input },
        _context: unknown,
        info: { fieldNodes: readonly { directives?: readonly { name: { value: string }; arguments?: readonly { value: unknown }[] }[] }[] },
      ) => {
        const idempotent = info.fieldNodes[0]?.directives?.find((d) => d.name.value === 'idempotent');
        const keyNode = idempotent?.arguments?.[0]?.value as { kind: string; value?: string; name?: { value: string } } | undefined;
        const key = keyNode?.kind === 'Variable' ? (options.variables?.[keyNode.name!.value] as string | undefined) : keyNode?.value;
        return this.setInventory(input, key);
      },
      webhookSubscriptionDelete: ({ id }: { id: string }) => {
        const at = this.webhooks.findIndex((w) => w.id === id);
        if (at < 0)
          return { deletedWebhookSubscriptionId: null, userErrors: [{ field: ['id'], message: 'Webhook subscription does not exist' }] };
        this.webhooks.splice(at, 1);
        return { deletedWebhookSubscriptionId: id, userErrors: [] };
      },
      webhookSubscriptionCreate: ({ topic, webhookSubscription }: { topic: string; webhookSubscription: Input }) => {
        const uri = webhookSubscription.uri as string | undefined;
        if (!uri || !/^https?:\/\//.test(uri))
          return { webhookSubscription: null, userErrors: [{ field: ['webhookSubscription', 'uri'], message: 'Address is invalid' }] };
        if (this.webhooks.some((w) => w.topic === topic && w.uri === uri))
          return {
            webhookSubscription: null,
            userErrors: [{ field: ['webhookSubscription', 'callbackUrl'], message: 'Address for this topic has already been taken' }],
          };
        const subscription = { id: gid('WebhookSubscription'), topic, uri };
        this.webhooks.push(subscription);
        options.onWebhookUri?.(uri);
        return { webhookSubscription: subscription, userErrors: [] };
      },
    };
  }

  /**
   * A buyer's order for the product of `sku`: stock goes down, the order is there for a pull and a webhook. Given a
   * `price`, a past order of a product the store no longer has (made in its admin, since deleted) when none has `sku`.
   */
  buy(sale: { sku: string; quantity?: number; shipping?: string; at?: Date; guest?: boolean; price?: string; title?: string }): FakeOrder {
    const found = [...this.products.values()].find((p) => p.variants.some((v) => v.sku === sale.sku));
    const gone = !found && sale.price !== undefined;
    const product = found ?? (gone ? { id: gid('Product') } : undefined);
    const variant =
      found?.variants.find((v) => v.sku === sale.sku) ??
      (gone ? { id: gid('ProductVariant'), price: sale.price!, inventoryQuantity: 0 } : undefined);
    if (!product || !variant) throw new Error(`No product with SKU ${sale.sku}`);
    const quantity = sale.quantity ?? 1;
    if (found) variant.inventoryQuantity -= quantity;
    const at = (sale.at ?? new Date()).toISOString();
    const shipping = sale.shipping ?? '0.00';
    const paidCents = centsOf(variant.price) * quantity + centsOf(shipping);
    const feeCents = Math.round((paidCents * FAKE_PAYMENTS_RATE.perMille) / 1000) + FAKE_PAYMENTS_RATE.flatMinor;
    const order: FakeOrder = {
      id: gid('Order'),
      name: `#${1000 + this.orders.length + 1}`,
      createdAt: at,
      updatedAt: at,
      cancelledAt: null,
      customer: sale.guest ? null : { id: gid('Customer'), firstName: 'Shopify', lastName: `Buyer ${this.orders.length + 1}` },
      shipping,
      lines: [
        {
          id: gid('LineItem'),
          sku: sale.sku,
          title: sale.title ?? found?.title ?? sale.sku,
          quantity,
          productId: product.id,
          variantId: variant.id,
          price: variant.price,
        },
      ],
      transactions: [
        {
          id: gid('OrderTransaction'),
          kind: 'SALE',
          status: 'SUCCESS',
          gateway: this.shopifyPayments ? 'shopify_payments' : 'manual',
          amount: decimalOf(paidCents),
          fees: this.shopifyPayments
            ? [{ amount: decimalOf(feeCents), type: 'payment_processing', rate: '0.029', flatFee: decimalOf(FAKE_PAYMENTS_RATE.flatMinor) }]
            : [],
        },
      ],
    };
    this.orders.push(order);
    return order;
  }

  /** The order of that id (its gid, or the number the admin's URL shows), if any. */
  order(id: string): FakeOrder | null {
    return this.orders.find((o) => o.id === id || String(numericId(o.id)) === id) ?? null;
  }

  /** The seller cancels the order in the store's admin: the next pull (orders changed since) reads it cancelled. */
  cancel(id: string): FakeOrder | null {
    const order = this.order(id);
    if (order && !order.cancelledAt) {
      order.cancelledAt = new Date().toISOString();
      order.updatedAt = order.cancelledAt;
    }
    return order;
  }

  /** The order as Shopify's orders/create webhook carries it (the REST Order resource, the fields the app reads). */
  webhookBody(order: FakeOrder): string {
    const set = (amount: string) => ({
      shop_money: { amount, currency_code: this.currency },
      presentment_money: { amount, currency_code: this.currency },
    });
    return JSON.stringify({
      id: numericId(order.id),
      admin_graphql_api_id: order.id,
      name: order.name,
      created_at: order.createdAt,
      updated_at: order.updatedAt,
      cancelled_at: order.cancelledAt,
      customer: order.customer && {
        id: numericId(order.customer.id),
        first_name: order.customer.firstName,
        last_name: order.customer.lastName,
      },
      currency: this.currency,
      total_shipping_price_set: set(order.shipping),
      line_items: order.lines.map((l) => ({
        id: numericId(l.id),
        admin_graphql_api_id: l.id,
        sku: l.sku,
        title: l.title,
        quantity: l.quantity,
        price: l.price,
        price_set: set(l.price),
        product_id: numericId(l.productId),
        variant_id: numericId(l.variantId),
      })),
    });
  }
}
