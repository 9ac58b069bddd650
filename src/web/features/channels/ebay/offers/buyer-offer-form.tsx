import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { sendOfferBody, type ItemOfferResponse, type SendOfferBody } from '@shared/contracts/ebay-offers';
import type { ItemProfitFloorResponse } from '@shared/contracts/profit-floor';
import { formatMoney, money, type Money } from '@shared/domain/money';
import { moneyInputText } from '@shared/domain/money-input';
import { offerAtPrice } from '@shared/domain/offer-price';
import type { FeeSchedule, FloorInputs } from '@shared/domain/profit-floor';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { floorInputsOf } from '@/entities/profit-floor/floor-figures';
import { cn } from '@/lib/cn';
import { MoneyFormField } from '@/lib/forms/money-form-field';
import { typedAmount } from '@/lib/forms/money-schema';
import { useSendOffer } from './api/ebay-offers';
import { offerWords, typedPriceProblem } from './offer-words';

/** What the offer is checked against: the listing's price, the item's floor inputs and eBay's fees (null: not known). */
interface OfferBounds {
  listing: Money;
  inputs: FloorInputs;
  schedule: FeeSchedule | null;
}

/**
 * The price as typed, read as the money field reads it (text that is no amount is no price), and the offer at it:
 * null when eBay's fees are not known, so nothing can be checked.
 */
function typedOffer(text: string, { listing, inputs, schedule }: OfferBounds) {
  const read = typedAmount(listing.currency).safeParse(text);
  const price = read.success ? read.data : null;
  return { price, check: schedule ? offerAtPrice(listing.amountMinor, price?.amountMinor ?? 0, inputs, schedule) : null };
}

/**
 * The form's check: the typed price as the contract's body, or why eBay or the floor refuse it, in words. An empty
 * field, or fees not known, give no price, which the contract refuses for the whole form: nothing is said, nothing
 * is sent (Send offer is off).
 */
function offerFields(bounds: OfferBounds) {
  return z
    .object({ price: z.string() })
    .transform(({ price: text }, ctx): z.input<typeof sendOfferBody> => {
      const { check } = typedOffer(text, bounds);
      if (!text || !check) return {};
      if (check.kind === 'offer') return { price: money(check.priceMinor, bounds.listing.currency) };
      ctx.addIssue({ code: 'custom', path: ['price'], message: typedPriceProblem(check, bounds.listing.currency, bounds.listing) });
      return z.NEVER;
    })
    .pipe(sendOfferBody);
}

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
  const send = useSendOffer(offer.itemId);
  const ebayFloor = floor.channels.find((entry) => entry.channel === 'ebay');
  const schedule = ebayFloor && ebayFloor.fees.basis !== 'unknown' ? ebayFloor.fees.schedule : null;
  const bounds = useMemo(
    () => ({ listing: offer.listingPrice, inputs: floorInputsOf(floor), schedule }),
    [offer.listingPrice, floor, schedule],
  );
  const { control, handleSubmit, watch, trigger } = useForm({
    resolver: zodResolver(offerFields(bounds)),
    mode: 'onChange',
    defaultValues: { price: moneyInputText(offer.price) },
  });
  // The starting price is checked at once, and again when the floor or the listing changes under it.
  useEffect(() => void trigger(), [trigger, bounds]);
  // A new price is a new offer: the last one's answer goes.
  const { reset: forgetAnswer } = send;
  useEffect(() => watch((_, { type }) => type === 'change' && forgetAnswer()).unsubscribe, [watch, forgetAnswer]);
  // The body the seller confirms (null: not asked).
  const [confirming, setConfirming] = useState<SendOfferBody | null>(null);
  const { price, check } = typedOffer(watch('price'), bounds);
  const blocked = offer.reason === 'too-soon' || send.isPending;
  const profit = check && (check.kind === 'offer' || check.kind === 'under-floor') ? money(check.profitMinor, currency) : null;
  const submit = handleSubmit((body) => setConfirming(body));

  const result = send.data;
  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={`Offer price for ${sku}`}
      className="flex flex-col gap-3"
      data-testid="offer-form"
    >
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-[10rem_minmax(0,1fr)] sm:items-start">
        <MoneyFormField control={control} name="price" label={`Offer price (${currency})`} currency={currency} />
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
          open={confirming !== null}
          onOpenChange={(open) => !open && setConfirming(null)}
          tone="primary"
          title={offerWords.confirmTitle}
          message={offerWords.confirm(sku, money(check.priceMinor, currency), check.percentOffBasisPoints, offer.listingPrice, profit)}
          confirmLabel="Send offer"
          cancelLabel="Not now"
          onConfirm={() => confirming && send.mutate(confirming)}
        />
      )}
    </form>
  );
}
