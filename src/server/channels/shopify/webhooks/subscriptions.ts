/**
 * Each connected store's ORDERS_CREATE webhook subscription (decision 077), made through the Admin GraphQL API
 * (webhookSubscriptionCreate) with the seller's token, to PUBLIC_URL/api/shopify/webhooks. Idempotent: Shopify refuses
 * a second subscription of the same topic to the same address ("has already been taken"), which counts as done, so
 * it is asked after every connect and once after each start. Only where Shopify can push: a public https address, or
 * the simulated Shopify (it pushes to the app's own address). Otherwise the pull goes on alone. A disconnect deletes
 * the subscription first (decision 082).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { ShopifyAccountService } from '../account/service';
import type { ShopifyClient } from '../api/shopify-client';
import { ShopifyUserError } from '../api/shopify-errors';
import { createPushStates, pushOff, pushOffReasons, pushOn, pushSubscriber, type SalesPush } from '../../../sales/sales-push';

export type WebhookSetup = 'created' | 'unchanged' | 'skipped';
/** What a disconnect did to the store's subscription: deleted, there was none, Shopify could not be asked, or none is made here. */
export type WebhookRemoval = 'deleted' | 'none' | 'failed' | 'skipped';

export interface ShopifyWebhookSubscriptionsDeps {
  client: ShopifyClient | null;
  account: Pick<ShopifyAccountService, 'session' | 'connectedSellers'>;
  /** PUBLIC_URL/api/shopify/webhooks. */
  callbackUrl: string;
  simulated: boolean;
  log: FastifyBaseLogger;
}

const alreadyTaken = (err: unknown) => err instanceof ShopifyUserError && err.userErrors.some((e) => /already been taken/i.test(e.message));

export function createShopifyWebhookSubscriptions(deps: ShopifyWebhookSubscriptionsDeps) {
  const { client, account, callbackUrl, log } = deps;
  const active = Boolean(client) && (deps.simulated ? /^https?:\/\//.test(callbackUrl) : callbackUrl.startsWith('https://'));

  const states = createPushStates();

  async function ensureSubscription(userId: string): Promise<WebhookSetup> {
    if (!active) return 'skipped';
    try {
      await client!.subscribeOrdersCreate(await account.session(userId), callbackUrl);
      states.set(userId, pushOn);
      return 'created';
    } catch (err) {
      if (alreadyTaken(err)) {
        states.set(userId, pushOn);
        return 'unchanged';
      }
      if (err instanceof ShopifyUserError) states.set(userId, pushOff(pushOffReasons.refused('Shopify', err.message)));
      throw err;
    }
  }

  /** Whether Shopify pushes this store's orders here: on once its webhook was made or found. */
  async function salesPushOf(userId: string): Promise<SalesPush> {
    if (!active) return pushOff(pushOffReasons.noPublicAddress('Shopify'));
    return states.get(userId) ?? pushOff(pushOffReasons.notYetChecked('Shopify'));
  }

  const subscriber = pushSubscriber('Shopify orders/create webhook', ensureSubscription, log);

  /** Every connected store (once after each start); answers how many are subscribed. */
  async function subscribeConnectedSellers(): Promise<number> {
    if (!active) return 0;
    return subscriber.each(await account.connectedSellers());
  }

  /**
   * Before a store is disconnected (its token is still there): deletes its ORDERS_CREATE subscriptions to this app's
   * address (webhookSubscriptionDelete). Never fails the disconnect: a failure is logged and answered.
   */
  async function unsubscribeBeforeDisconnect(userId: string): Promise<WebhookRemoval> {
    if (!active) return 'skipped';
    const session = await account.session(userId).catch(() => null);
    if (!session) return 'skipped'; // no store connected: nothing of it to delete
    try {
      const deleted = await client!.unsubscribeOrdersCreate(session, callbackUrl);
      states.forget(userId);
      log.info({ userId, deleted }, 'Shopify orders/create webhook deleted');
      return deleted ? 'deleted' : 'none';
    } catch (err) {
      log.warn({ err, userId }, 'Shopify orders/create webhook not deleted');
      return 'failed';
    }
  }

  return {
    active,
    ensureSubscription,
    /** After a store connects: never fails the connect (the pull goes on); logged. */
    subscribeAfterConnect: subscriber.afterConnect,
    subscribeConnectedSellers,
    unsubscribeBeforeDisconnect,
    salesPushOf,
  };
}

export type ShopifyWebhookSubscriptions = ReturnType<typeof createShopifyWebhookSubscriptions>;
