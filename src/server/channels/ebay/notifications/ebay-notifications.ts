/**
 * eBay's pushed notifications (decision 076) at one endpoint, PUBLIC_URL/api/channels/ebay/notifications: the GET
 * challenge, and each POSTed message through the one webhook pipeline (channels/webhook-pipeline.ts): its
 * X-EBAY-SIGNATURE checked (the account deletion's check: ECDSA with the public key eBay serves by key id, cached),
 * its shape read with zod, then handled once by its notificationId.
 * - ORDER_CONFIRMATION (contracts/ebay/order_confirmation.md): the message names the order (`orderId`); which of our
 *   sellers it is an order of is found by asking eBay for it (Fulfillment getOrder) with each candidate seller's own
 *   token: the sellers whose eBay connection made a listing, those of the eBay seller a `sellerId` names first (a field
 *   no stored eBay document shows: it narrows the look-up when present, nothing needs it). eBay answers an order of
 *   another seller 404, so the order is only ever read by its own seller. It is recorded by sales/sales.ts as a pull
 *   records it, so a push and a pull of the same order count one sale; the sold item's other listings are queued to
 *   end before any other job.
 * - MARKETPLACE_ACCOUNT_DELETION: the account deletion's own processing (account/account-deletion.ts).
 * A bad signature, a replayed message or an order that is none of our sellers' listings changes nothing, and is
 * logged without the message or any token.
 */
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { AppError } from '@shared/errors';
import type { Db } from '../../../db/client';
import { systemClock, type Clock } from '../../../jobs/clock';
import type { SalesService } from '../../../sales/sales';
import { createWebhookReceiver, deliveredId, type HandledOutcome, type WebhookContext } from '../../webhook-pipeline';
import { challengeResponse, type AccountDeletion, type DeletionNotification } from '../account/account-deletion';
import type { EbayAccountService } from '../account/service';
import type { EbayClient } from '../api/ebay-client';
import { EbayApiError, EbayInvalidAnswerError, EbayUnreachableError } from '../api/ebay-api-error';
import { saleLinesOf } from '../sales/order-lines';
import { ebaySellersToAsk, notificationSeen, rememberNotification } from './notifications-repo';

export const ORDER_CONFIRMATION = 'ORDER_CONFIRMATION';
export const MARKETPLACE_ACCOUNT_DELETION = 'MARKETPLACE_ACCOUNT_DELETION';

/** ORDER_CONFIRMATION's data: the order; the seller (eBay user id or username) only when eBay names one. */
const orderConfirmationData = z.object({ orderId: deliveredId, sellerId: deliveredId.optional() }).passthrough();
export type OrderConfirmationData = z.infer<typeof orderConfirmationData>;

/** A notification as eBay POSTs it (the AsyncAPI documents' envelope): only what the app reads is required. */
const ebayMessage = z
  .object({
    metadata: z.object({ topic: z.string().max(100) }).passthrough(),
    notification: z.object({ notificationId: deliveredId, data: z.unknown().optional() }).passthrough(),
  })
  .superRefine((message, ctx) => {
    if (message.metadata.topic === ORDER_CONFIRMATION && !orderConfirmationData.safeParse(message.notification.data).success)
      ctx.addIssue({ code: 'custom', path: ['notification', 'data', 'orderId'], message: 'no order id' });
  });
type EbayMessage = z.infer<typeof ebayMessage>;

export interface EbayNotificationsDeps {
  db: Db;
  /** Null when EBAY_VERIFICATION_TOKEN is not set: the endpoint then answers 404 and nothing is subscribed. */
  verificationToken: string | null;
  /** The endpoint's public URL (part of the challenge hash, and the destination eBay pushes to). */
  endpoint: string;
  deletion: Pick<AccountDeletion, 'verify' | 'process'>;
  client: EbayClient | null;
  account: Pick<EbayAccountService, 'withUserToken'>;
  sales: Pick<SalesService, 'recordPushedSale'>;
  log: FastifyBaseLogger;
  clock?: Pick<Clock, 'now'>;
}

/** eBay's refusal of an order for this seller (not theirs, no usable connection), or its failure (then pulled). */
function ebayError(error: unknown): 'not-found' | 'unreachable' | null {
  if (error instanceof AppError) return 'not-found';
  if (error instanceof EbayUnreachableError || error instanceof EbayInvalidAnswerError) return 'unreachable';
  if (error instanceof EbayApiError) return error.retryable || error.httpStatus === 401 ? 'unreachable' : 'not-found';
  return null;
}

export function createEbayNotifications(deps: EbayNotificationsDeps) {
  const { db, deletion, log } = deps;
  const clock = deps.clock ?? systemClock;

  /**
   * An order eBay says was placed: asked of eBay with each candidate seller's token until eBay answers it (an order
   * has one eBay seller: the sellers of the app connected to that eBay account are the only ones it can be a sale
   * of), and recorded for each of them where it is a sale of a listing their connection made.
   */
  async function orderConfirmed(data: OrderConfirmationData, context: WebhookContext): Promise<HandledOutcome> {
    const client = deps.client;
    if (!client) return 'not-ours';
    const { orderId, sellerId } = data;
    let outcome: HandledOutcome = 'not-ours';
    const accounts = await ebaySellersToAsk(db, sellerId);
    for (const { userIds } of accounts) {
      for (const userId of userIds) {
        const read = await context.lookUp(() => deps.account.withUserToken(userId, (token) => client.fulfillment.getOrder(token, orderId)));
        if ('notFound' in read) continue;
        if ('unreachable' in read) {
          context.log.warn({ userId, orderId, reason: read.unreachable }, 'eBay order not readable now: the seller’s sales are pulled');
          await context.pullSoon([userId]);
          outcome = 'pulled';
          continue;
        }
        // The order is this eBay account's: a sale of any of its sellers' listings, and of no other account's.
        for (const sharer of userIds) {
          const recorded = await deps.sales.recordPushedSale(sharer, 'ebay', saleLinesOf(read.found));
          if (recorded.lines) outcome = 'recorded';
        }
        return outcome === 'recorded' ? outcome : 'not-ours';
      }
    }
    return outcome;
  }

  async function handle(message: EbayMessage, _headers: unknown, context: WebhookContext): Promise<HandledOutcome> {
    const topic = message.metadata.topic;
    if (topic === ORDER_CONFIRMATION) return orderConfirmed(orderConfirmationData.parse(message.notification.data), context);
    if (topic === MARKETPLACE_ACCOUNT_DELETION) {
      await deletion.process(message as DeletionNotification);
      return 'recorded';
    }
    context.log.info({ topic }, 'eBay notification of a topic we do not handle');
    return 'ignored';
  }

  const receiver = createWebhookReceiver<string | undefined, EbayMessage>(
    {
      channel: 'ebay',
      name: 'eBay notification',
      okStatus: 204,
      refusedStatus: 412,
      verify: (rawBody, signature) => deletion.verify(rawBody.toString('utf8'), signature),
      schema: ebayMessage,
      deliveryId: (message) => message.notification.notificationId,
      kindOf: (message) => message.metadata.topic,
      marketplaceError: ebayError,
      handle,
      seen: {
        has: (id) => notificationSeen(db, id),
        remember: async (id, topic) => void (await rememberNotification(db, id, topic, new Date(clock.now()))),
      },
    },
    { db, log },
  );

  return {
    enabled: deps.verificationToken !== null,
    endpoint: deps.endpoint,
    challenge: (code: string) => challengeResponse(code, deps.verificationToken ?? '', deps.endpoint),
    receive: receiver.receive,
    /** An ORDER_CONFIRMATION handled as if pushed (the benchmarks): how it came out. */
    confirmOrder: (data: { orderId: string; sellerId?: string }) => orderConfirmed(data, receiver.context),
  };
}

export type EbayNotifications = ReturnType<typeof createEbayNotifications>;
