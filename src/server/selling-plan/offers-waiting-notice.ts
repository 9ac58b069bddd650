import { offersWaitingMessages, type WaitingOfferWords } from '@shared/contracts/selling-plan';
import { webPaths } from '@shared/contracts/web-paths';
import { formatMoney, type Money } from '@shared/domain/money';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../adapters/mail/mailer';
import type { Db } from '../db/client';
import type { WebPush } from '../push/web-push';
import { labelOf } from './planner';
import { claimOfferNotices, releaseOfferNotices, type WaitingOfferKey } from './offer-notice-repo';

export interface OffersWaitingNoticeDeps {
  db: Db;
  push: Pick<WebPush, 'pushToSeller'>;
  /** The e-mail when no push reached a device (none: not mailed). */
  mailer?: Mailer;
  /** The app's address (config.publicUrl): the e-mail's link to the plan. */
  publicUrl?: string;
  log: FastifyBaseLogger;
}

/** An offer of the week's plan waiting for the seller's approval, with what its notice names. */
export interface WaitingOffer extends WaitingOfferKey {
  sku: string;
  title: string | null;
  price: Money;
  profit: Money | null;
}

/** How many offers a notice's e-mail lists; the plan has them all. */
const MAILED_OFFERS = 20;

const mostProfitFirst = (a: WaitingOffer, b: WaitingOffer) =>
  (b.profit?.amountMinor ?? Number.NEGATIVE_INFINITY) - (a.profit?.amountMinor ?? Number.NEGATIVE_INFINITY) ||
  b.price.amountMinor - a.price.amountMinor ||
  a.sku.localeCompare(b.sku);

const wordsOf = (offer: WaitingOffer): WaitingOfferWords => ({
  sku: offer.sku,
  title: offer.title,
  channel: labelOf(offer.channel),
  price: formatMoney(offer.price),
  profit: offer.profit ? formatMoney(offer.profit) : null,
});

/**
 * Tells the seller once that offers wait for their approval (decision 112), when `waiting` (every offer waiting now)
 * holds one they were not told of: "3 offers wait for your approval", the one with the most profit named, a link to
 * the plan. By Web Push to their devices; when none was reached (no device, or every push service refused), by
 * e-mail. The offers are claimed before anything goes (offer-notice-repo.ts): a recomputation, a restart or a second
 * server finds them told. A failed e-mail gives the claim back, so the next plan run tries again; a crash between the
 * claim and the send loses that notice rather than sending it twice. Answers how the seller was told.
 */
export async function tellOffersWaiting(
  deps: OffersWaitingNoticeDeps,
  userId: string,
  waiting: WaitingOffer[],
): Promise<'pushed' | 'mailed' | 'none'> {
  const claim = await claimOfferNotices(
    deps.db,
    userId,
    waiting.map(({ itemId, channel, round, periodStart }) => ({ itemId, channel, round, periodStart })),
  );
  if (!claim) return 'none';
  const offers = [...waiting].sort(mostProfitFirst).map(wordsOf);
  const title = offersWaitingMessages.title(offers.length);
  const pushed = await deps.push
    .pushToSeller(userId, {
      title,
      body: offersWaitingMessages.body(offers[0]!),
      url: webPaths.sellingPlan,
      taskUrl: webPaths.sellingPlan,
      // One notice on a device at a time: a later one replaces it.
      tag: 'offers-waiting',
    })
    .catch((err: unknown) => {
      deps.log.warn({ err, userId }, 'the offers waiting were not pushed; e-mailed instead');
      return { sent: 0 };
    });
  deps.log.info({ userId, offers: offers.length, told: claim.offers.length, pushed: pushed.sent }, 'offers waiting for approval told');
  if (pushed.sent > 0) return 'pushed';
  if (!deps.mailer || !claim.email) return 'none';
  try {
    await deps.mailer.send({
      to: claim.email,
      subject: title,
      text: offersWaitingMessages.mailText(offers.slice(0, MAILED_OFFERS), `${deps.publicUrl ?? ''}${webPaths.sellingPlan}`),
    });
  } catch (err) {
    await releaseOfferNotices(deps.db, userId, claim.offers);
    throw err;
  }
  return 'mailed';
}
