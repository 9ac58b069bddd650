import { formatDay } from '@shared/domain/display-format';

import type { SentOfferWire } from '@shared/contracts/ebay-offers';
import { formatMoney, money, type Money } from '@shared/domain/money';
import { MIN_OFFER_PERCENT, type TypedOfferRefusal } from '@shared/domain/offer-price';

/** What the seller reads about offers to interested buyers: eBay's limits and every outcome, in their words. */

const show = (value: { amountMinor: number; currency: string }) => formatMoney(money(value.amountMinor, value.currency));

/** "Nov 28, 2026, 6:05 PM" (a UK seller: "28 Nov 2026, 18:05") in the browser's time zone. */
export const offerDate = (iso: string) => formatDay(iso, { year: true, time: true });

/** "12.5" from 1250 basis points; whole percents without decimals. */
const percentText = (basisPoints: number) => String(basisPoints / 100);

/** How long eBay keeps an offer open: 4 days on the US and UK sites, 2 elsewhere (decision 129), read off the listing's currency. */
export const offerDays = (currency: string) => (currency === 'USD' || currency === 'GBP' ? 4 : 2);

export const offerWords = {
  limits: (highest: Money) =>
    `eBay's limits: an offer lasts ${offerDays(highest.currency)} days; it must be at least ${MIN_OFFER_PERCENT}% under your price (${formatMoney(highest)} at most); one offer at a time on a listing; buyers cannot counter it.`,
  interested:
    'eBay has interested buyers for this listing: watchers, or buyers who left it in their cart. eBay does not say how many; each of them gets the offer.',
  noInterest: 'No interested buyers yet: eBay sends offers only to buyers who watch this listing or left it in their cart.',
  unknownInterest: 'eBay could not say right now whether buyers are interested; you can still try to send the offer.',
  noCost: (sku: string) =>
    `No cost entered for ${sku}: no offer goes out under its price, from you or from your automatic rule. Enter what it cost you (Profit · add cost on its card) to offer it.`,
  open: (until: string) =>
    `An offer is open until ${offerDate(until)}. eBay takes one offer at a time on a listing: send the next one after that.`,
  notListed: 'This item is not live on eBay: there is no one to offer it to.',
  noFees: "eBay's fees are not known: no offer is sent without its profit floor.",
  currencyMismatch: 'Your floor settings are in another currency than this listing: no offer is sent without its floor.',
  underFloorAtAnyPrice: (highest: Money) =>
    `Even ${formatMoney(highest)} (${MIN_OFFER_PERCENT}% off, the least eBay takes) is under your profit floor: no offer can go out on this listing.`,
  confirmTitle: 'Send this offer?',
  confirm: (sku: string, price: Money, percentBasisPoints: number, listing: Money, profit: Money | null) =>
    `Every interested buyer of ${sku} gets an offer of ${formatMoney(price)} (${percentText(percentBasisPoints)}% off ${formatMoney(listing)}) for ${offerDays(listing.currency)} days. If one accepts, it sells at ${formatMoney(price)}${profit ? `: your profit ${formatMoney(profit)}` : ''}.`,
  sent: (offer: SentOfferWire) =>
    `Offer sent to ${offer.buyers} ${offer.buyers === 1 ? 'buyer' : 'buyers'} at ${show(offer.price)}, ends ${offerDate(offer.expiresAt)}`,
  refused: (error: string | null) => `eBay refused the offer${error ? `: ${error}` : '.'}`,
  skipped: {
    'no-cost': 'No cost entered: the offer was not sent.',
    'under-floor': 'That price is under your profit floor: the offer was not sent.',
    'no-fees': "eBay's fees are not known: the offer was not sent.",
    'currency-mismatch': 'Your floor settings are in another currency: the offer was not sent.',
    'too-soon': 'An offer is still open on this listing: eBay takes one at a time.',
    'not-enough-off': `eBay takes offers at least ${MIN_OFFER_PERCENT}% under your price: the offer was not sent.`,
    'not-a-price': 'Enter a price above zero.',
  },
} as const;

/** Why the typed price cannot be offered, in words; null when it can. */
export function typedPriceProblem(refusal: TypedOfferRefusal, currency: string, listing: Money): string {
  switch (refusal.kind) {
    case 'not-a-price':
      return 'Enter a price above zero, like 25 or 25.50.';
    case 'not-enough-off':
      return `eBay takes offers at least ${MIN_OFFER_PERCENT}% under your price of ${formatMoney(listing)}: ${show({ amountMinor: refusal.highestMinor, currency })} at most.`;
    case 'under-floor': {
      const loss = refusal.profitMinor < 0 ? `you would lose ${show({ amountMinor: -refusal.profitMinor, currency })}` : null;
      const floor =
        refusal.floorMinor === null ? 'your profit floor' : `your floor of ${show({ amountMinor: refusal.floorMinor, currency })}`;
      return `That is under ${floor} on eBay${loss ? `: ${loss}` : ', under your minimum margin'}. Offers never go under the floor.`;
    }
    case 'no-cost':
      return 'No cost entered: no offer can be sent.';
    case 'currency-mismatch':
      return offerWords.currencyMismatch;
  }
}

/** One past offer in a line: what it was, who it reached, what came of it. */
export function historyLine(
  offer: SentOfferWire,
  now: number,
): { what: string; outcome: string; tone: 'sold' | 'open' | 'refused' | 'ended' } {
  const who = offer.trigger === 'rule' ? 'by your rule' : 'by you';
  const what = `${offerDate(offer.sentAt)} · ${show(offer.price)} (${percentText(offer.percentOffBasisPoints)}% off ${show(offer.listingPrice)}) ${who}`;
  if (offer.outcome === 'sold')
    return { what, outcome: `Sold at ${show(offer.price)}${offer.soldAt ? ` on ${offerDate(offer.soldAt)}` : ''}`, tone: 'sold' };
  if (offer.outcome === 'refused') return { what, outcome: offerWords.refused(offer.error), tone: 'refused' };
  const reached = `${offer.buyers} ${offer.buyers === 1 ? 'buyer' : 'buyers'}`;
  if (Date.parse(offer.expiresAt) > now)
    return { what, outcome: `Sent to ${reached}, open until ${offerDate(offer.expiresAt)}`, tone: 'open' };
  return { what, outcome: `Sent to ${reached}, ended ${offerDate(offer.expiresAt)} with no sale`, tone: 'ended' };
}
