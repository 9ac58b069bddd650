/**
 * eBay's pushed notifications (decision 076) at one endpoint, PUBLIC_URL/api/channels/ebay/notifications: the GET
 * challenge, and each POSTed message checked against its X-EBAY-SIGNATURE (the account deletion's check: ECDSA with
 * the public key eBay serves by key id, cached), then handled once by its notificationId.
 * - ORDER_CONFIRMATION (contracts/ebay/order_confirmation.md): the order is fetched with the seller's token
 *   (Fulfillment getOrder) and recorded by sales/sales.ts as a pull records it, so a push and a pull of the same
 *   order count one sale; the sold item's other listings are queued to end before any other job.
 * - MARKETPLACE_ACCOUNT_DELETION: the account deletion's own processing (account/account-deletion.ts).
 * A bad signature, a replayed message or an order that is none of our sellers' listings changes nothing, and is
 * logged without the message or any token.
 */
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '@shared/errors';
import type { Db } from '../../../db/client';
import { systemClock, type Clock } from '../../../jobs/clock';
import type { SalesService } from '../../../sales/sales';
import { challengeResponse, type AccountDeletion, type DeletionNotification } from '../account/account-deletion';
import type { EbayAccountService } from '../account/service';
import type { EbayClient } from '../api/ebay-client';
import { EbayApiError } from '../api/ebay-api-error';
import { saleLinesOf } from '../sales/order-lines';
import { notificationSeen, rememberNotification, usersOfEbaySeller } from './notifications-repo';

export const ORDER_CONFIRMATION = 'ORDER_CONFIRMATION';
export const MARKETPLACE_ACCOUNT_DELETION = 'MARKETPLACE_ACCOUNT_DELETION';

/** A notification as eBay POSTs it (the AsyncAPI documents' message payload). */
export interface EbayNotificationMessage {
  metadata?: { topic?: string; schemaVersion?: string; deprecated?: boolean };
  notification?: {
    notificationId?: string;
    eventDate?: string;
    publishDate?: string;
    publishAttemptCount?: number;
    data?: OrderConfirmationData & DeletionData;
  };
}

/** ORDER_CONFIRMATION's data: the order, and the seller (eBay user id or username) it is an order of. */
export interface OrderConfirmationData {
  orderId?: string;
  sellerId?: string;
}
type DeletionData = NonNullable<NonNullable<DeletionNotification['notification']>['data']>;

/** How a POSTed message was answered: eBay retries anything but a 2xx; 412 tells it the signature failed. */
export type NotificationAnswer =
  { status: 204; outcome: 'handled' | 'replayed' | 'ignored' } | { status: 400 | 412; outcome: 'unreadable' | 'bad-signature' };

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

export function createEbayNotifications(deps: EbayNotificationsDeps) {
  const { db, deletion, log } = deps;
  const clock = deps.clock ?? systemClock;

  /**
   * An order eBay says was placed with this eBay seller: fetched with each of our sellers connected to it, and
   * recorded where it is a sale of a listing that seller's connection made. Answers how many sellers it was a sale of.
   */
  async function confirmOrder(data: OrderConfirmationData): Promise<number> {
    const { orderId, sellerId } = data;
    if (!orderId || !sellerId || !deps.client) {
      log.warn(
        { topic: ORDER_CONFIRMATION, hasOrderId: Boolean(orderId), hasSeller: Boolean(sellerId) },
        'eBay order notification not usable',
      );
      return 0;
    }
    const client = deps.client;
    let salesOf = 0;
    for (const userId of await usersOfEbaySeller(db, sellerId)) {
      let order;
      try {
        order = await deps.account.withUserToken(userId, (token) => client.fulfillment.getOrder(token, orderId));
      } catch (error) {
        // No usable connection (token expired, disconnected meanwhile), or eBay does not know the order for this
        // account (404): nothing of theirs to record; the others go on. Anything else answers 500: eBay sends it again.
        const notTheirs = error instanceof AppError || (error instanceof EbayApiError && error.httpStatus === 404);
        if (!notTheirs) throw error;
        log.info({ userId, orderId, reason: error.message }, 'eBay order notification: seller has no usable connection');
        continue;
      }
      const outcome = await deps.sales.recordPushedSale(userId, 'ebay', saleLinesOf(order));
      if (outcome.lines) salesOf += 1;
    }
    if (!salesOf)
      log.warn({ topic: ORDER_CONFIRMATION, orderId }, 'eBay order notification of no listing of our sellers: nothing recorded');
    return salesOf;
  }

  async function receive(rawBody: string, signatureHeader: string | undefined): Promise<NotificationAnswer> {
    if (!(await deletion.verify(rawBody, signatureHeader))) {
      log.warn({ signed: Boolean(signatureHeader) }, 'eBay notification with a bad signature refused: nothing changed');
      return { status: 412, outcome: 'bad-signature' };
    }
    let message: EbayNotificationMessage;
    try {
      message = JSON.parse(rawBody) as EbayNotificationMessage;
    } catch {
      return { status: 400, outcome: 'unreadable' };
    }
    const topic = message.metadata?.topic ?? '';
    const notificationId = message.notification?.notificationId;
    if (!notificationId) return { status: 400, outcome: 'unreadable' };
    if (await notificationSeen(db, notificationId)) {
      log.warn({ topic, notificationId }, 'eBay notification replayed: nothing changed');
      return { status: 204, outcome: 'replayed' };
    }
    // Handled before it is remembered: a failure answers 500 and eBay sends it again (recording is idempotent).
    if (topic === ORDER_CONFIRMATION) await confirmOrder(message.notification?.data ?? {});
    else if (topic === MARKETPLACE_ACCOUNT_DELETION) await deletion.process(message as DeletionNotification);
    else {
      log.info({ topic, notificationId }, 'eBay notification of a topic we do not handle');
      return { status: 204, outcome: 'ignored' };
    }
    await rememberNotification(db, notificationId, topic, new Date(clock.now()));
    return { status: 204, outcome: 'handled' };
  }

  return {
    enabled: deps.verificationToken !== null,
    endpoint: deps.endpoint,
    challenge: (code: string) => challengeResponse(code, deps.verificationToken ?? '', deps.endpoint),
    receive,
    confirmOrder,
  };
}

export type EbayNotifications = ReturnType<typeof createEbayNotifications>;
