import { useState, type FormEvent } from 'react';
import type { ItemOfferResponse } from '@shared/contracts/ebay-offers';
import type { ItemProfitFloorResponse } from '@shared/contracts/profit-floor';
import { formatMoney, money } from '@shared/domain/money';
import { moneyInputText, readMoneyInput } from '@shared/domain/money-input';
import { offerAtPrice } from '@shared/domain/offer-price';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { MoneyField } from '@/components/money-field';
import { floorInputsOf } from '@/entities/profit-floor/floor-figures';
import { cn } from '@/lib/cn';
import { useSendOffer } from './api/ebay-offers';
import { offerWords, typedPriceProblem } from './offer-words';

/**
 * The offer's price, typed (it starts at the rule's percent off, raised to the floor when under it), with the floor
 * and the profit at it beside it; a price under the floor or not 5 % under the listing is refused as typed, in words.
 * Send asks for a confirmation; the answer says whom it reached.
 */
export function BuyerOfferForm({
  sku,
  offer,
  floor,
}: {
  sku: string;
  offer: ItemOfferResponse & { listingPrice: NonNullable<ItemOfferResponse['listingPrice']> };
  floor: ItemProfitFloorResponse;
}) {
  const currency = offer.listingPrice.currency;
  const [typed, setTyped] = useState(moneyInputText(offer.price));
  const [confirming, setConfirming] = useState(false);
  const send = useSendOffer(offer.itemId);
  const ebayFloor = floor.channels.find((entry) => entry.channel === 'ebay');
  const schedule = ebayFloor && ebayFloor.fees.basis !== 'unknown' ? ebayFloor.fees.schedule : null;
  const read = readMoneyInput(typed, currency);
  const price = read.ok ? read.value : null;
  const check = schedule ? offerAtPrice(offer.listingPrice.amountMinor, price?.amountMinor ?? 0, floorInputsOf(floor), schedule) : null;
  const problem = typed && check && check.kind !== 'offer' ? typedPriceProblem(check, currency, offer.listingPrice) : null;
  const blocked = offer.reason === 'too-soon' || send.isPending;
  const profit = check && (check.kind === 'offer' || check.kind === 'under-floor') ? money(check.profitMinor, currency) : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (check?.kind === 'offer') setConfirming(true);
  }

  const result = send.data;
  return (
    <form onSubmit={submit} noValidate aria-label={`Offer price for ${sku}`} className="flex flex-col gap-3" data-testid="offer-form">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-[10rem_minmax(0,1fr)] sm:items-start">
        <MoneyField
          label={`Offer price (${currency})`}
          currency={currency}
          value={typed}
          error={problem}
          onChange={(text) => {
            send.reset();
            setTyped(text);
          }}
        />
        <dl
          className="grid grid-cols-3 gap-2 rounded-xl border border-slate-200 bg-slate-50 px-3 py-2 text-sm sm:mt-7"
          data-testid="offer-figures"
        >
          <div>
            <dt className="text-xs text-slate-500">Listed at</dt>
            <dd className="font-medium tabular-nums text-slate-900">{formatMoney(offer.listingPrice)}</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">Floor on eBay</dt>
            <dd className="font-medium tabular-nums text-slate-900" data-testid="offer-floor">
              {ebayFloor?.floor ? formatMoney(ebayFloor.floor) : '—'}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">Profit at {price && price.amountMinor > 0 ? formatMoney(price) : 'it'}</dt>
            <dd
              className={cn('font-semibold tabular-nums', profit && profit.amountMinor < 0 ? 'text-red-700' : 'text-emerald-700')}
              data-testid="offer-profit"
            >
              {profit ? formatMoney(profit) : '—'}
            </dd>
          </div>
        </dl>
      </div>
      {offer.raisedToFloor && (
        <p className="text-xs text-slate-600" data-testid="offer-raised">
          Your rule&apos;s {offer.percent}% off would go under your floor: the price starts at the least that clears it.
        </p>
      )}
      {offer.highestPrice && <p className="text-xs text-slate-500">{offerWords.limits(offer.highestPrice)}</p>}
      <div>
        <Button type="submit" disabled={blocked || check?.kind !== 'offer'} loading={send.isPending}>
          Send offer
        </Button>
      </div>
      {result?.status === 'sent' && result.offer && (
        <Alert tone="success">
          <span data-testid="offer-sent">{offerWords.sent(result.offer)}</span>
        </Alert>
      )}
      {result?.status === 'refused' && <Alert tone="error">{offerWords.refused(result.offer?.error ?? null)}</Alert>}
      {result?.status === 'skipped' && result.reason && <Alert tone="warning">{offerWords.skipped[result.reason]}</Alert>}
      {send.isError && <Alert tone="error">{send.error.message}</Alert>}
      {check?.kind === 'offer' && (
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          tone="primary"
          title={offerWords.confirmTitle}
          message={offerWords.confirm(sku, money(check.priceMinor, currency), check.percentOffBasisPoints, offer.listingPrice, profit)}
          confirmLabel="Send offer"
          cancelLabel="Not now"
          onConfirm={() => send.mutate({ price: money(check.priceMinor, currency) })}
        />
      )}
    </form>
  );
}
