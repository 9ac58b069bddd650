import { useState } from 'react';
import type { ItemOfferResponse } from '@shared/contracts/ebay-offers';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Spinner } from '@/components/spinner';
import { useItemFloor } from '@/entities/profit-floor/use-profit-floor';
import { useItemOffer, useOfferRule } from './api/ebay-offers';
import { BuyerOfferForm } from './buyer-offer-form';
import { OfferHistory } from './offer-history';
import { offerWords } from './offer-words';

/** Why the listing cannot take an offer now, in words; null when it can. */
function blockedText(offer: ItemOfferResponse, sku: string): { tone: 'warning' | 'info'; text: string; testId: string } | null {
  switch (offer.reason) {
    case 'no-cost':
      return { tone: 'warning', text: offerWords.noCost(sku), testId: 'offer-no-cost' };
    case 'not-listed':
      return { tone: 'info', text: offerWords.notListed, testId: 'offer-not-listed' };
    case 'no-fees':
      return { tone: 'warning', text: offerWords.noFees, testId: 'offer-no-fees' };
    case 'currency-mismatch':
      return { tone: 'warning', text: offerWords.currencyMismatch, testId: 'offer-currency' };
    case 'under-floor':
      return { tone: 'warning', text: offerWords.underFloorAtAnyPrice(offer.highestPrice!), testId: 'offer-under-floor' };
    default:
      return null;
  }
}

/**
 * "Send an offer to interested buyers" on the item's live eBay listing (decision 087): whether eBay has
 * interested buyers, the price with its floor and profit, eBay's limits, and the offers sent with what came of them.
 * Asked for only when opened: each opening asks eBay who is interested.
 */
export function BuyerOfferPanel({
  itemId,
  sku,
  itemUpdatedAt,
  sold = false,
}: {
  itemId: string;
  sku: string;
  itemUpdatedAt: string;
  /** The item sold: only the offers sent, and the sale one led to. */
  sold?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const panelId = `buyer-offer-${itemId}`;
  return (
    <div className="flex flex-col gap-2">
      <div>
        <Button variant="secondary" size="sm" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((was) => !was)}>
          {sold ? 'Offers sent to interested buyers' : 'Send an offer to interested buyers'}
        </Button>
      </div>
      {open && <OpenPanel id={panelId} itemId={itemId} sku={sku} itemUpdatedAt={itemUpdatedAt} sold={sold} />}
    </div>
  );
}

function OpenPanel({
  id,
  itemId,
  sku,
  itemUpdatedAt,
  sold,
}: {
  id: string;
  itemId: string;
  sku: string;
  itemUpdatedAt: string;
  sold: boolean;
}) {
  const rule = useOfferRule();
  const offer = useItemOffer(itemId, rule.data?.percentOff ?? null);
  const floor = useItemFloor(itemId, itemUpdatedAt);
  const failed = rule.error ?? offer.error ?? floor.error;
  return (
    <section
      id={id}
      aria-label={`Offer to interested buyers of ${sku}`}
      className="flex flex-col gap-3 rounded-xl border border-slate-200 p-3"
      data-testid="buyer-offer"
    >
      {failed ? (
        <Alert tone="error" title="Could not load the offer">
          {failed.message}
        </Alert>
      ) : !offer.data || !floor.data ? (
        <Spinner className="size-5 self-center text-indigo-600" label="Asking eBay who is interested" />
      ) : (
        <OfferBody offer={offer.data} floor={floor.data} sku={sku} sold={sold} />
      )}
    </section>
  );
}

function OfferBody({
  offer,
  floor,
  sku,
  sold,
}: {
  offer: ItemOfferResponse;
  floor: NonNullable<ReturnType<typeof useItemFloor>['data']>;
  sku: string;
  sold: boolean;
}) {
  if (sold)
    return offer.offers.length ? (
      <OfferHistory offers={offer.offers} />
    ) : (
      <p className="text-sm text-slate-500">No offer was sent to interested buyers of {sku}.</p>
    );
  const blocked = blockedText(offer, sku);
  const interest =
    offer.interest === 'interested'
      ? offerWords.interested
      : offer.interest === 'none'
        ? offerWords.noInterest
        : offerWords.unknownInterest;
  const listingPrice = offer.listingPrice;
  return (
    <>
      {offer.interest && (
        <p className="text-sm text-slate-700" data-testid="offer-interest" data-interest={offer.interest}>
          {interest}
        </p>
      )}
      {offer.openUntil && (
        <Alert tone="info">
          <span data-testid="offer-open">{offerWords.open(offer.openUntil)}</span>
        </Alert>
      )}
      {blocked ? (
        <Alert tone={blocked.tone}>
          <span data-testid={blocked.testId}>{blocked.text}</span>
        </Alert>
      ) : (
        listingPrice && offer.interest !== 'none' && <BuyerOfferForm sku={sku} offer={{ ...offer, listingPrice }} floor={floor} />
      )}
      <OfferHistory offers={offer.offers} />
    </>
  );
}
