/**
 * The simulated Shopify (decision 072): the contract-checked fake Shopify (fakes/shopify) started inside the
 * server when it has no Shopify keys, as the simulated eBay and Etsy are. The client reaches the fake's Admin API on a
 * loopback port; the pages a browser opens (the install step, a product's page) are served under the app's address at
 * SIMULATED_SHOPIFY_PATH. Each seller's store is their own (account/service.ts simulatedShopOf). Its state (stores,
 * offline tokens, products, orders...) is kept in DATA_DIR/simulations/shopify.v8 (decision 188): a restart keeps them.
 */
import { SIMULATED_SHOPIFY_PATH } from '@shared/domain/simulated-shopify';
import type { FakeShopify } from '../../../../../fakes/shopify/shopify-server';
import type { SimulatedTokens } from '../../channel-module';
import { openSimulationStore, savedControls, startFromSaved, type SimulationPersistence } from '../../simulation/simulation-store';

/** What the simulation keeps: the fake's state and the stores already opened (their currency set). */
interface SavedSimulatedShopify {
  fake: unknown;
  opened: Set<string>;
}

export interface SimulatedShopify {
  clientId: string;
  clientSecret: string;
  /** Where the client reaches a store's Admin API (the fake's loopback origin for that store). */
  shopOrigin(shop: string): string;
  /** Where the browser opens a store's install step: under the app's address. */
  authorizeOrigin(shop: string): string;
  /**
   * A store opened for the seller the first time prices in `currency` (their own, as their real store would); a store
   * already opened keeps its own.
   */
  openStore(shop: string, currency: string): void;
  /** The product's page under the app's address. */
  productUrl(shop: string, handle: string): string;
  /** The fake's answer to the install step (a redirect back to the app with a signed code). */
  authorize(shop: string, query: string): Promise<{ status: number; location: string | null }>;
  /** The product of that handle in that store, if any (its page). */
  product(shop: string, handle: string): { title: string; price: string; status: string } | null;
  /** A simulated buyer buys the SKU in the seller's store: an order there, which the pull brings in. */
  buy(shop: string, sku: string): Promise<boolean>;
  /** The order of that number in that store (its page in the store's admin), if any. */
  order(shop: string, id: string): SimulatedShopifyOrder | null;
  /** The seller cancels that order in the store's admin; the next pull reads it cancelled. False: no such order. */
  cancel(shop: string, id: string): boolean;
  /** The store's offline token revoked (the app uninstalled), however it is asked (tests); its account reference is the shop's domain. */
  tokens: SimulatedTokens;
  close(): Promise<void>;
}

export interface SimulatedShopifyOrder {
  name: string;
  buyer: string | null;
  currency: string;
  lines: { sku: string | null; quantity: number; price: string }[];
  cancelled: boolean;
}

/**
 * Starts the simulation for an app reached at `publicUrl`, whose install step sends the browser back only to
 * `redirectUri` (the app's own callback), as Shopify sends it only to an app's allowed redirection URL; from the state
 * kept in `persistence.dir` if any (none: in memory).
 */
export async function startSimulatedShopify(
  publicUrl: string,
  redirectUri: string,
  persistence: SimulationPersistence = { dir: null },
): Promise<SimulatedShopify> {
  // Loaded only when simulating.
  const { startFakeShopify } = await import('../../../../../fakes/shopify/shopify-server');
  const store = openSimulationStore({ ...persistence, channel: 'shopify' });
  const { fake, opened } = await startFromSaved(store, async (saved) => {
    const kept = saved as SavedSimulatedShopify | null;
    if (kept && !(kept.opened instanceof Set)) throw new Error('not a saved simulated Shopify');
    const started: FakeShopify = await startFakeShopify({
      clientId: 'simulated-shopify',
      redirectUris: [redirectUri],
      saved: kept?.fake,
      onChange: store.changed,
    });
    return { fake: started, opened: kept?.opened ?? new Set<string>() };
  });
  store.track((): SavedSimulatedShopify => ({ fake: fake.persistentState(), opened }));
  const pages = `${publicUrl}${SIMULATED_SHOPIFY_PATH}`;
  return {
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    shopOrigin: fake.originOf,
    authorizeOrigin: (shop) => `${pages}/${shop}`,
    openStore(shop, currency) {
      if (opened.has(shop)) return;
      opened.add(shop);
      fake.shop(shop).currency = currency;
      store.changed();
    },
    productUrl: (shop, handle) => `${pages}/${shop}/products/${encodeURIComponent(handle)}`,
    async authorize(shop, query) {
      store.changed();
      const answer = await fetch(`${fake.originOf(shop)}/admin/oauth/authorize?${query}`, { redirect: 'manual' });
      await answer.body?.cancel();
      return { status: answer.status, location: answer.headers.get('location') };
    },
    product(shop, handle) {
      const found = [...fake.shop(shop).products.values()].find((p) => p.handle === handle);
      return found ? { title: found.title, price: found.variants[0]?.price ?? '0.00', status: found.status } : null;
    },
    async buy(shop, sku) {
      const product = [...fake.shop(shop).products.values()].find((p) => p.status === 'ACTIVE' && p.variants.some((v) => v.sku === sku));
      if (!product) return false;
      store.changed();
      await fake.buy(shop, { sku });
      return true;
    },
    order(shop, id) {
      const order = fake.shop(shop).order(id);
      if (!order) return null;
      return {
        name: order.name,
        buyer: order.customer && `${order.customer.firstName} ${order.customer.lastName}`,
        currency: fake.shop(shop).currency,
        lines: order.lines.map(({ sku, quantity, price }) => ({ sku, quantity, price })),
        cancelled: Boolean(order.cancelledAt),
      };
    },
    cancel(shop, id) {
      store.changed();
      return fake.shop(shop).cancel(id) !== null;
    },
    // An offline token does not end by itself: ending it early is the merchant removing the app.
    ...savedControls(store, {
      endEarly: (shop) => fake.uninstall(shop),
      revoke: (shop) => fake.uninstall(shop),
      close: () => fake.close(),
    }),
  };
}
