/**
 * Depop's pushed sales (`v1:order.new`, `v1:order.refund`) and likes (`v1:product.like`, `v1:product.unlike`) at PUBLIC_URL/api/depop/webhooks. Nothing in a delivery is
 * believed before its X-Depop-Signature (the raw body and X-Depop-Timestamp, HMAC-SHA256 with the webhook secret) is
 * checked (verify-signature.ts): anything else answers 401 and changes nothing. A delivery then only says which order
 * to read: the order itself is read from Depop's API with the seller's own token (its lines, fees and refund), and
 * recorded through the same path as the pull (sales/sales.ts recordPushedSale): once, whichever comes first, the
 * sold item's other listings queued to end; a refund of the whole order takes the sale back. Webhooks are best
 * effort (the document): the orders pull reconciles what never arrived.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client';
import { sellersOfAccount } from '../../channel-accounts-repo';
import type { SalesService } from '../../../sales/sales';
import type { DepopAccountService } from '../account/service';
import { sellersOfDepopOrder } from '../sales/depop-sales-repo';
import { saleLinesOfOrder } from '../sales/sale-lines';
import type { DepopOffersService } from '../offers-to-likers/service';
import { verifyDepopSignature, type DepopWebhookHeaders } from './verify-signature';

export const DEPOP_ORDER_NEW = 'v1:order.new';
export const DEPOP_ORDER_REFUND = 'v1:order.refund';
export const DEPOP_PRODUCT_LIKE = 'v1:product.like';
export const DEPOP_PRODUCT_UNLIKE = 'v1:product.unlike';

export type DepopWebhookAnswer =
  | { status: 200; outcome: 'recorded' | 'ignored' | 'not-ours' }
  | { status: 400; outcome: 'unreadable' }
  | { status: 401; outcome: 'bad-signature' };

export interface DepopOrderWebhooksDeps {
  db: Db;
  /** The webhook secret (the simulation's own when simulated); empty: every delivery is refused. */
  webhookSecret: string;
  account: Pick<DepopAccountService, 'session'>;
  sales: Pick<SalesService, 'recordPushedSale'>;
  /** Likes and unlikes: the buyers an offer to likers goes to (offers-to-likers). */
  likes: Pick<DepopOffersService, 'recordLike'>;
  log: FastifyBaseLogger;
  now?: () => number;
}

interface Delivery {
  event_type?: unknown;
  created_at?: unknown;
  data?: { seller_id?: unknown; purchase_id?: unknown; product_id?: unknown; liker_id?: unknown };
}

const idOf = (value: unknown) => (typeof value === 'number' || (typeof value === 'string' && value) ? String(value) : null);

export function createDepopOrderWebhooks(deps: DepopOrderWebhooksDeps) {
  const { db, log } = deps;
  const now = deps.now ?? Date.now;

  /** The order read with each seller's token and recorded for them; how many sellers it was a sale (or a refund) of. */
  async function recordFor(sellers: string[], purchaseId: string): Promise<number> {
    let recorded = 0;
    for (const userId of sellers) {
      const s = await deps.account.session(userId);
      const order = await s.client.getOrder(s.accessToken, purchaseId);
      const outcome = await deps.sales.recordPushedSale(userId, 'depop', saleLinesOfOrder(order));
      if (outcome.lines) recorded += 1;
    }
    return recorded;
  }

  /** A like or unlike of one of our sellers' products: recorded for the seller whose product it is. */
  async function receiveLike(delivery: Delivery, liked: boolean): Promise<DepopWebhookAnswer> {
    const [sellerId, productId, likerId] = [delivery.data?.seller_id, delivery.data?.product_id, delivery.data?.liker_id].map(idOf);
    if (!sellerId || !productId || !likerId) return { status: 400, outcome: 'unreadable' };
    const at =
      typeof delivery.created_at === 'string' && !Number.isNaN(Date.parse(delivery.created_at))
        ? new Date(delivery.created_at)
        : new Date(now());
    let recorded = 0;
    for (const userId of await sellersOfAccount(db, 'depop', sellerId)) {
      if (await deps.likes.recordLike(userId, { productId, likerId, liked, at })) recorded += 1;
    }
    return { status: 200, outcome: recorded ? 'recorded' : 'not-ours' };
  }

  async function receive(rawBody: Buffer, headers: DepopWebhookHeaders): Promise<DepopWebhookAnswer> {
    const check = verifyDepopSignature(rawBody, headers, deps.webhookSecret, now());
    if (!check.ok) {
      log.warn({ reason: check.reason, bytes: rawBody.length }, 'Depop webhook refused (signature): nothing changed');
      return { status: 401, outcome: 'bad-signature' };
    }
    let delivery: Delivery;
    try {
      delivery = JSON.parse(rawBody.toString('utf8')) as Delivery;
    } catch {
      return { status: 400, outcome: 'unreadable' };
    }
    const event = delivery.event_type;
    if (event === DEPOP_PRODUCT_LIKE || event === DEPOP_PRODUCT_UNLIKE) return receiveLike(delivery, event === DEPOP_PRODUCT_LIKE);
    if (event !== DEPOP_ORDER_NEW && event !== DEPOP_ORDER_REFUND) {
      log.info({ event }, 'Depop webhook of an event we do not handle');
      return { status: 200, outcome: 'ignored' };
    }
    const purchaseId = delivery.data?.purchase_id;
    if (typeof purchaseId !== 'string' || !purchaseId) return { status: 400, outcome: 'unreadable' };
    const sellerId = delivery.data?.seller_id;
    const sellers =
      event === DEPOP_ORDER_NEW
        ? typeof sellerId === 'number' || typeof sellerId === 'string'
          ? await sellersOfAccount(db, 'depop', String(sellerId))
          : []
        : await sellersOfDepopOrder(db, purchaseId);
    // Recorded before answering: a failure answers 500 (recording is idempotent; the pull reconciles anyway).
    const recorded = await recordFor(sellers, purchaseId);
    if (!recorded) {
      log.warn({ event, purchaseId }, 'Depop order of no listing of our sellers: nothing recorded');
      return { status: 200, outcome: 'not-ours' };
    }
    return { status: 200, outcome: 'recorded' };
  }

  return { receive };
}

export type DepopOrderWebhooks = ReturnType<typeof createDepopOrderWebhooks>;
