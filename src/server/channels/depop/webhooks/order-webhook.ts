/**
 * Depop's pushed sales (`v1:order.new`, `v1:order.refund`) and likes (`v1:product.like`, `v1:product.unlike`) at
 * PUBLIC_URL/api/depop/webhooks, through the one webhook pipeline (channels/webhook-pipeline.ts): the raw body, its
 * X-Depop-Signature (verify-signature.ts), the Webhook schema of Depop's document, then this handler. A delivery only
 * says which order to read: the order itself is read from Depop's API with the seller's own token (its lines, fees and
 * refund), and recorded through the same path as the pull (sales/sales.ts recordPushedSale): once, whichever comes
 * first, the sold item's other listings queued to end; a refund of the whole order takes the sale back. An order
 * Depop does not know for the shop it was named for is acknowledged and logged; webhooks are best effort (the
 * document): the orders pull reconciles what never arrived.
 */
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { AppError } from '@shared/errors';
import type { Db } from '../../../db/client';
import { sellersOfAccount } from '../../channel-accounts-repo';
import type { SalesService } from '../../../sales/sales';
import { createWebhookReceiver, deliveredId, seenInMemory, type HandledOutcome, type WebhookContext } from '../../webhook-pipeline';
import type { DepopAccountService } from '../account/service';
import { DepopApiError, DepopUnreachableError } from '../api/depop-errors';
import { sellersOfDepopOrder } from '../sales/depop-sales-repo';
import { saleLinesOfOrder } from '../sales/sale-lines';
import type { DepopOffersService } from '../offers-to-likers/service';
import { verifyDepopSignature, type DepopWebhookHeaders } from './verify-signature';

export const DEPOP_ORDER_NEW = 'v1:order.new';
export const DEPOP_ORDER_REFUND = 'v1:order.refund';
export const DEPOP_PRODUCT_LIKE = 'v1:product.like';
export const DEPOP_PRODUCT_UNLIKE = 'v1:product.unlike';

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

/** The fields each event's `data` must have (Depop's OrderWebhook, RefundedOrder and ProductLike require them). */
const needed: Record<string, readonly ('seller_id' | 'purchase_id' | 'product_id' | 'liker_id')[]> = {
  [DEPOP_ORDER_NEW]: ['seller_id', 'purchase_id'],
  [DEPOP_ORDER_REFUND]: ['purchase_id'],
  [DEPOP_PRODUCT_LIKE]: ['seller_id', 'product_id', 'liker_id'],
  [DEPOP_PRODUCT_UNLIKE]: ['seller_id', 'product_id', 'liker_id'],
};

/** Depop's Webhook (`id`, `event_type`, `created_at`, `data`), only the fields the app reads. */
const depopDelivery = z
  .object({
    id: deliveredId.optional(),
    event_type: z.string().max(100),
    created_at: z.string().max(100).optional(),
    data: z
      .object({
        seller_id: deliveredId.optional(),
        purchase_id: deliveredId.optional(),
        product_id: deliveredId.optional(),
        liker_id: deliveredId.optional(),
      })
      .passthrough(),
  })
  .superRefine((delivery, ctx) => {
    for (const field of needed[delivery.event_type] ?? [])
      if (delivery.data[field] === undefined) ctx.addIssue({ code: 'custom', path: ['data', field], message: 'required' });
  });
type DepopDelivery = z.infer<typeof depopDelivery>;

/** A refusal of Depop's about this order or seller, or its failure (then the seller's orders are pulled instead). */
function depopError(error: unknown): 'not-found' | 'unreachable' | null {
  if (error instanceof AppError) return 'not-found';
  if (error instanceof DepopUnreachableError) return 'unreachable';
  if (error instanceof DepopApiError)
    return error.status === 401 || error.status === 403 || error.status === 429 || error.status >= 500 ? 'unreachable' : 'not-found';
  return null;
}

export function createDepopOrderWebhooks(deps: DepopOrderWebhooksDeps) {
  const { db } = deps;
  const now = deps.now ?? Date.now;

  /** The order read with each seller's token and recorded for them: whether it was a sale (or a refund) of any. */
  async function recordFor(sellers: string[], purchaseId: string, context: WebhookContext): Promise<HandledOutcome> {
    let outcome: HandledOutcome = 'not-ours';
    for (const userId of sellers) {
      const read = await context.lookUp(async () => {
        const s = await deps.account.session(userId);
        return s.client.getOrder(s.accessToken, purchaseId);
      });
      if ('notFound' in read) {
        context.log.info({ userId, purchaseId, reason: read.notFound }, 'Depop order not known for this seller');
      } else if ('unreachable' in read) {
        context.log.warn({ userId, purchaseId, reason: read.unreachable }, 'Depop order not readable now: the seller’s orders are pulled');
        await context.pullSoon([userId]);
        if (outcome === 'not-ours') outcome = 'pulled';
      } else if ((await deps.sales.recordPushedSale(userId, 'depop', saleLinesOfOrder(read.found))).lines) outcome = 'recorded';
    }
    return outcome;
  }

  /** A like or unlike of one of our sellers' products: recorded for the seller whose product it is. */
  async function receiveLike(delivery: DepopDelivery, liked: boolean): Promise<HandledOutcome> {
    const { seller_id: sellerId, product_id: productId, liker_id: likerId } = delivery.data;
    const at =
      delivery.created_at !== undefined && !Number.isNaN(Date.parse(delivery.created_at)) ? new Date(delivery.created_at) : new Date(now());
    let recorded = 0;
    for (const userId of await sellersOfAccount(db, 'depop', sellerId!)) {
      if (await deps.likes.recordLike(userId, { productId: productId!, likerId: likerId!, liked, at })) recorded += 1;
    }
    return recorded ? 'recorded' : 'not-ours';
  }

  async function handle(delivery: DepopDelivery, _headers: DepopWebhookHeaders, context: WebhookContext): Promise<HandledOutcome> {
    const event = delivery.event_type;
    if (event === DEPOP_PRODUCT_LIKE || event === DEPOP_PRODUCT_UNLIKE) return receiveLike(delivery, event === DEPOP_PRODUCT_LIKE);
    if (event !== DEPOP_ORDER_NEW && event !== DEPOP_ORDER_REFUND) {
      context.log.info({ event }, 'Depop webhook of an event we do not handle');
      return 'ignored';
    }
    const purchaseId = delivery.data.purchase_id!;
    const sellers =
      event === DEPOP_ORDER_NEW ? await sellersOfAccount(db, 'depop', delivery.data.seller_id!) : await sellersOfDepopOrder(db, purchaseId);
    return recordFor(sellers, purchaseId, context);
  }

  return createWebhookReceiver<DepopWebhookHeaders, DepopDelivery>(
    {
      channel: 'depop',
      name: 'Depop webhook',
      okStatus: 200,
      refusedStatus: 401,
      verify: (rawBody, headers) => verifyDepopSignature(rawBody, headers, deps.webhookSecret, now()).ok,
      schema: depopDelivery,
      deliveryId: (delivery) => (delivery.id ? `${delivery.event_type}/${delivery.id}` : null),
      kindOf: (delivery) => delivery.event_type,
      marketplaceError: depopError,
      handle,
      seen: seenInMemory(),
    },
    { db, log: deps.log },
  );
}

export type DepopOrderWebhooks = ReturnType<typeof createDepopOrderWebhooks>;
