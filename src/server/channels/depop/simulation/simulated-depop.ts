/**
 * The simulated Depop: the contract-checked fake Depop (fakes/depop) run inside the server, in-process (no port), when
 * it has no Depop keys, as the simulated Etsy and Shopify are. The client reaches it through the fake's own fetch; its
 * consent page is served under the app's address (SIMULATED_DEPOP_PATH); each consent makes the seller a simulated
 * shop of their own. Its webhooks go to the app's webhook route in-process (`deliverTo`), signed as Depop signs them,
 * so a simulated sale takes the path a real one does. Its state (shops, tokens, products, orders, its secrets...) is
 * kept in DATA_DIR/simulations/depop.v8 (decision 188): a restart keeps the seller's connection and products.
 */
import { depopSizeLabel } from '@shared/contracts/depop-taxonomy';
import { randomBytes } from 'node:crypto';
import { SIMULATED_DEPOP_LABEL } from '@shared/contracts/depop';
import { toDecimalString } from '@shared/domain/money';
import type { FakeDepop } from '../../../../../fakes/depop/depop-server';
import type { SimulatedTokens } from '../../channel-module';
import { openSimulationStore, savedControls, startFromSaved, type SimulationPersistence } from '../../simulation/simulation-store';

/** What the simulation keeps: the fake's state and the secrets the app's stored tokens and webhooks go with. */
interface SavedSimulatedDepop {
  fake: unknown;
  clientSecret: string;
  webhookSecret: string;
}

/** Delivers one webhook request to the app (its route, in-process). */
export type WebhookReceiver = (url: string, init: RequestInit) => Promise<Response>;

export interface SimulatedDepop {
  clientId: string;
  clientSecret: string;
  webhookSecret: string;
  apiBase: string;
  fetch: typeof fetch;
  /** The fake's answer to a consent page request (GET the page, POST the decision). */
  consentPage(method: string, pathAndQuery: string, formBody: string): Promise<{ status: number; location: string | null; html: string }>;
  /** Where the fake sends its webhooks from now on (the app's route, once it is registered). */
  deliverTo(receiver: WebhookReceiver): void;
  /** The site's test buyer buys the seller's product by SKU: an order, and its signed `v1:order.new` delivered. */
  buy(depopSellerId: number, sku: string): Promise<string | null>;
  /** A simulated buyer likes the seller's product by SKU: its signed `v1:product.like` delivered. False: no such product. */
  like(depopSellerId: number, sku: string, likerId: number): Promise<boolean>;
  /** Depop refunds the order in full: its `v1:order.refund` delivered. */
  refund(purchaseId: string): Promise<void>;
  /** The product of that slug (its page under the app's address), if any. */
  product(slug: string): { description: string; price: string; currency: string; onSale: boolean; size: string | null } | null;
  /** The fake itself, for tests (contract violations, calls). */
  fake: FakeDepop;
  /** The shop's tokens ended or revoked early (tests); its account reference is the Depop seller id. */
  tokens: SimulatedTokens;
  close(): Promise<void>;
}

/** Starts the simulation, from the state kept in `persistence.dir` if any (none: in memory). */
export async function startSimulatedDepop(
  publicUrl: string,
  redirectUri: string,
  webhookPath: string,
  persistence: SimulationPersistence = { dir: null },
): Promise<SimulatedDepop> {
  // Loaded only when simulating.
  const { createFakeDepop } = await import('../../../../../fakes/depop/depop-server');
  let receiver: WebhookReceiver | null = null;
  const store = openSimulationStore({ ...persistence, channel: 'depop' });
  const { fake, webhookSecret } = await startFromSaved(store, async (saved) => {
    const kept = saved as SavedSimulatedDepop | null;
    if (kept && (typeof kept.clientSecret !== 'string' || typeof kept.webhookSecret !== 'string'))
      throw new Error('not a saved simulated Depop');
    const secrets = kept ?? { clientSecret: randomBytes(24).toString('hex'), webhookSecret: randomBytes(24).toString('hex') };
    const started = createFakeDepop({
      url: 'http://depop.simulated',
      clientId: 'simulated-depop',
      clientSecret: secrets.clientSecret,
      redirectUris: [redirectUri],
      webhookUrl: `${publicUrl}${webhookPath}`,
      webhookSecret: secrets.webhookSecret,
      label: SIMULATED_DEPOP_LABEL,
      webhookFetch: async (url, init) => (receiver ? receiver(String(url), init ?? {}) : new Response(null, { status: 503 })),
      saved: kept?.fake,
      onChange: store.changed,
    });
    return { fake: started, webhookSecret: secrets.webhookSecret };
  });
  store.track((): SavedSimulatedDepop => ({ fake: fake.persistentState(), clientSecret: fake.clientSecret, webhookSecret }));
  return {
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    webhookSecret,
    apiBase: fake.url,
    fetch: fake.fetch,
    async consentPage(method, pathAndQuery, formBody) {
      const answer = await fake.handle(
        new Request(`${fake.url}${pathAndQuery}`, {
          method,
          ...(method === 'POST' ? { body: formBody, headers: { 'content-type': 'application/x-www-form-urlencoded' } } : {}),
        }),
      );
      return { status: answer.status, location: answer.headers.get('location'), html: await answer.text() };
    },
    deliverTo(next) {
      receiver = next;
    },
    async buy(depopSellerId, sku) {
      store.changed();
      try {
        const order = fake.purchase(depopSellerId, sku);
        await fake.webhooksSettled();
        return String(order.purchaseId);
      } catch {
        return null;
      }
    },
    async like(depopSellerId, sku, likerId) {
      store.changed();
      try {
        fake.like(depopSellerId, sku, likerId);
      } catch {
        return false;
      }
      await fake.webhooksSettled();
      return true;
    },
    async refund(purchaseId) {
      store.changed();
      fake.refundByDepop(purchaseId);
      await fake.webhooksSettled();
    },
    product(slug) {
      const found = fake.snapshot().products.find((p) => p.slug === slug && p.status !== 'STATUS_DELETED');
      if (!found) return null;
      const price = found.discount ?? found.price;
      return {
        description: found.description,
        price: toDecimalString(price),
        currency: price.currency,
        onSale: found.status === 'STATUS_ONSALE',
        // Its size in Depop's words ("UK 9"), from its size set.
        size: found.sizeSetId !== null && found.sizeIds.length ? depopSizeLabel(found.sizeSetId, found.sizeIds[0]!) : null,
      };
    },
    fake,
    ...savedControls(store, {
      endEarly: (sellerId) => fake.expireAccessTokens(Number(sellerId)),
      revoke: (sellerId) => fake.revokeRefreshTokens(Number(sellerId)),
      close: () => fake.webhooksSettled(),
    }),
  };
}
