import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { currencySymbol, formatMoney, money, type Money } from '@shared/domain/money';
import { readPriceInput } from '@shared/domain/price-input';
import type { ListingItem } from '@shared/contracts/listings';
import { publishSettingsBody } from '@shared/contracts/publish';
import { listingChangeMessages } from '@shared/domain/channel-listing';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { TextField } from '@/components/text-field';
import { UnderFloorConfirm, underFloorOf, type UnderFloor } from '@/components/under-floor-confirm';
import { useToast } from '@/components/toast';
import { MoneyFormField } from '@/lib/forms/money-form-field';
import { useListingChange } from './api/listing-change';
import { useSavePublishSettings } from './api/save-publish-settings';
import { ebayPriceOf, ebayPublishOf } from '../listing';
import { contractRefusal, priceText } from './publish-form';
import { BuyerOfferPanel } from '../offers/buyer-offer-panel';
import { tell } from '@/lib/told';

export const liveListingMessages = {
  endTitle: 'End this eBay listing?',
  endMessage: (sku: string) =>
    `${sku} comes down from eBay now: buyers can no longer see or buy it. Nothing else changes here, and you can relist it later.`,
  /** In the listing's currency: "Enter a price above £0.00." */
  invalidPrice: (currency: string) => `Enter a price above ${formatMoney(money(0, currency))}.`,
  invalidQuantity: 'Enter a quantity of 1 or more.',
  failedTitle: 'eBay listing not changed',
} as const;

/**
 * The new terms as typed, checked in one message under the form (`root`): a price above 0 in whole minor units of the
 * listing's `currency`, a whole quantity of at least 1, then the contract's own rules (`publishSettingsBody`).
 */
function liveTermsFields(currency: string) {
  return z.object({ price: z.string(), quantity: z.string() }).transform((typed, ctx): { price: Money; quantity: number } => {
    const price = readPriceInput(typed.price, currency);
    const quantity = Number(typed.quantity);
    if (!price.ok || !price.value) {
      ctx.addIssue({ code: 'custom', path: ['root'], message: liveListingMessages.invalidPrice(currency) });
      return z.NEVER;
    }
    if (!Number.isInteger(quantity) || quantity < 1) {
      ctx.addIssue({ code: 'custom', path: ['root'], message: liveListingMessages.invalidQuantity });
      return z.NEVER;
    }
    const terms = { price: price.value, quantity };
    const sent = publishSettingsBody.pick({ price: true, quantity: true }).safeParse(terms);
    if (sent.success) return terms;
    ctx.addIssue({ code: 'custom', path: ['root'], message: contractRefusal(sent.error) });
    return z.NEVER;
  });
}

/**
 * A listing on eBay that is live or ended: its price and quantity changed in place (the live listing is revised,
 * as every save of the item's text, aspects and photos does), End with a confirmation, Relist. Progress and a
 * failure's words come from the item's publish state (the event stream).
 */
export function LiveListingPanel({ item }: { item: ListingItem }) {
  const publish = ebayPublishOf(item);
  const change = useListingChange();
  const save = useSavePublishSettings();
  const notify = useToast();
  const [editing, setEditing] = useState(false);
  const [confirmEnd, setConfirmEnd] = useState(false);
  const [underFloor, setUnderFloor] = useState<UnderFloor | null>(null);
  const { control, register, handleSubmit, reset, setError, clearErrors, watch, formState } = useForm({
    resolver: zodResolver(liveTermsFields(item.currency)),
    shouldFocusError: false,
    defaultValues: { price: '', quantity: '' },
  });
  // A change to either field takes the message away; a new price, the under-floor question too.
  useEffect(
    () =>
      watch((_, { name, type }) => {
        if (type !== 'change') return;
        clearErrors('root');
        if (name === 'price') setUnderFloor(null);
      }).unsubscribe,
    [watch, clearErrors],
  );
  if (publish?.status !== 'published' && publish?.status !== 'ended') return null;
  const live = publish.status === 'published';
  const busy = Boolean(publish.change) || change.isPending || save.isPending;
  const formId = `live-terms-${item.id}`;
  const formError = formState.errors.root?.message;

  function startEditing() {
    // From the price eBay has now: the listing's own, else the one it got from the item's asking price (a listing the
    // autopilot or a bulk publish put up has no price of its own, and the field opened empty).
    reset({ price: priceText(publish?.price ?? ebayPriceOf(item)), quantity: String(publish?.quantity ?? 1) });
    setEditing((open) => !open);
  }

  const submit = handleSubmit((terms) => sendTerms({ itemId: item.id, ...terms }));

  /** Saved and sent; under the floor, said first, and sent again only once the seller keeps the price (decision 121). */
  function sendTerms(terms: { itemId: string; price: Money; quantity: number }, confirmUnderFloor = false) {
    tell(
      save,
      { ...terms, ...(confirmUnderFloor ? { confirmUnderFloor } : {}) },
      {
        // The badge and the status line say "Updating on eBay..." until the listing is revised (event stream).
        onSuccess: () => {
          setUnderFloor(null);
          setEditing(false);
        },
        onError: (err) => {
          const under = underFloorOf(err, () => sendTerms(terms, true));
          if (under) setUnderFloor(under);
          else setError('root', { message: err.message });
        },
      },
    );
  }

  function request(what: 'end' | 'relist') {
    tell(change, { itemId: item.id, change: what }, { onError: (err) => notify('error', err.message) });
  }

  return (
    <div className="flex flex-col gap-2" data-testid="live-listing">
      {publish.change && (
        <p role="status" className="text-sm text-sky-800" data-testid="listing-change">
          {listingChangeMessages.progress[publish.change]} eBay...
        </p>
      )}
      {!publish.change && publish.error && (
        <Alert tone="error" title={liveListingMessages.failedTitle}>
          <span data-testid="listing-change-error">{publish.error}</span>
        </Alert>
      )}
      <div className="flex flex-wrap items-center gap-2">
        {live ? (
          <>
            <Button variant="secondary" size="sm" aria-expanded={editing} aria-controls={formId} disabled={busy} onClick={startEditing}>
              Change price or quantity
            </Button>
            <Button variant="danger" size="sm" disabled={busy} onClick={() => setConfirmEnd(true)}>
              End listing
            </Button>
          </>
        ) : (
          <Button variant="success" size="sm" loading={change.isPending} disabled={busy} onClick={() => request('relist')}>
            Relist on eBay
          </Button>
        )}
      </div>
      {editing && live && (
        <form
          id={formId}
          onSubmit={(event) => void submit(event)}
          aria-label={`Change price or quantity of ${item.sku}`}
          className="flex flex-col gap-3 rounded-xl border border-slate-200 p-3 sm:flex-row sm:flex-wrap sm:items-start"
        >
          <MoneyFormField
            control={control}
            name="price"
            label={`Price (${currencySymbol(item.currency)})`}
            currency={item.currency}
            className="sm:w-36"
          />
          <TextField label="Quantity" inputMode="numeric" {...register('quantity')} className="sm:w-28" />
          {/* Level with the fields under their labels: the price's amount read back may make it taller. */}
          <div className="flex shrink-0 gap-2 sm:mt-[1.625rem]">
            <Button type="submit" size="md" loading={save.isPending}>
              Update on eBay
            </Button>
            <Button variant="secondary" size="md" onClick={() => setEditing(false)} disabled={save.isPending}>
              Cancel
            </Button>
          </div>
          {formError && (
            <p role="alert" className="text-sm text-red-600 sm:basis-full">
              {formError}
            </p>
          )}
          {underFloor && <UnderFloorConfirm underFloor={underFloor} busy={save.isPending} onChange={() => setUnderFloor(null)} />}
        </form>
      )}
      {live && <BuyerOfferPanel itemId={item.id} sku={item.sku} itemUpdatedAt={item.updatedAt} />}
      <ConfirmDialog
        open={confirmEnd}
        onOpenChange={setConfirmEnd}
        title={liveListingMessages.endTitle}
        message={liveListingMessages.endMessage(item.sku)}
        confirmLabel="End listing"
        cancelLabel="Keep it live"
        onConfirm={() => request('end')}
      />
    </div>
  );
}
