import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { sellerRegionBody, type SellerRegionResponse } from '@shared/contracts/seller-region';
import { channelNames } from '@shared/domain/channel-listing';
import { accountChannelOf, sellerCountries, sellerRegionOf, type SellerRegionSource } from '@shared/domain/seller-region';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { Spinner } from '@/components/spinner';
import { useToast } from '@/components/toast';
import { SelectField } from '@/components/select-field';
import { useChooseSellerCountry, useSellerRegion } from './use-seller-region';
import { tell } from '@/lib/told';

/** Where the country came from, in the summary's words: "from your eBay account", "your choice". */
function sourceWords(source: SellerRegionSource): string {
  const channel = accountChannelOf(source);
  if (channel) return `from your ${channelNames[channel]} account`;
  return source === 'seller' ? 'your choice' : 'not set yet';
}

/** What a marketplace's screen adds to the card: where the country lists the seller, and what to do after a change. */
export interface RegionMarketplace {
  /** "eBay UK" for a region. */
  listsOn: (region: { ebayMarketplaceId: string }) => string;
  /** Said under a picked country before it is saved, after "Items you already have keep their currency." */
  afterChange: (region: { ebayMarketplaceId: string }) => string;
}

/**
 * Where the seller sells from: the currency of new items' prices and costs, their fees and profit, the sizes and the
 * marketplaces offered. Asked at sign-up, read from a marketplace account when it says; the seller may change it here,
 * and every open screen follows at once. A marketplace's screen passes what the country means there (`marketplace`).
 */
export function SellerRegionCard({ marketplace }: { marketplace?: RegionMarketplace } = {}) {
  const region = useSellerRegion();

  if (region.isPending) {
    return (
      <Card className="flex items-center gap-3 p-4 sm:p-6" data-testid="seller-region">
        <Spinner className="size-5" /> <span className="text-sm text-slate-600">Loading where you sell from…</span>
      </Card>
    );
  }
  if (region.isError) {
    return <LoadError onRetry={() => void region.refetch()}>Could not load where you sell from: {region.error.message}</LoadError>;
  }
  return <SellerRegionForm current={region.data} marketplace={marketplace} />;
}

function SellerRegionForm({ current, marketplace }: { current: SellerRegionResponse; marketplace?: RegionMarketplace }) {
  const choose = useChooseSellerCountry();
  const notify = useToast();
  // The country shown is the saved one until the seller picks another; a pick is kept when the saved one changes.
  const { register, handleSubmit, reset, watch } = useForm({
    resolver: zodResolver(sellerRegionBody),
    values: { country: current.country },
    resetOptions: { keepDirtyValues: true },
  });
  const country = watch('country');
  const preview = sellerRegionOf(country);

  const submit = handleSubmit((body) => {
    if (body.country === current.country) return;
    tell(choose, body.country, {
      onSuccess: (saved) => {
        reset({ country: saved.country }, { keepDirtyValues: false });
        notify(
          'success',
          `You sell from ${saved.label}: ${marketplace ? `${marketplace.listsOn(saved)}, ` : ''}prices in ${saved.currency}`,
        );
      },
    });
  });

  return (
    <Card className="p-4 sm:p-6" data-testid="seller-region">
      <h2 className="text-base font-semibold text-slate-900">Where you sell from</h2>
      <p className="mt-1 text-sm text-slate-600" data-testid="seller-region-summary">
        {current.label}, {sourceWords(current.source)}:{' '}
        {marketplace ? `you list on ${marketplace.listsOn(current)}, and new items are` : 'new items are'} priced in {current.currency}.
      </p>
      <form onSubmit={(event) => void submit(event)} className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end" noValidate>
        <SelectField
          label="Country"
          className="min-w-0 sm:w-80"
          {...register('country')}
          hint={
            marketplace
              ? `${marketplace.listsOn(preview)} · prices, costs, fees and profit in ${preview.currency}`
              : `Prices, costs, fees and profit in ${preview.currency}`
          }
        >
          {sellerCountries.map((code) => (
            <option key={code} value={code}>
              {sellerRegionOf(code).label}
            </option>
          ))}
        </SelectField>
        <Button type="submit" variant="secondary" className="sm:mb-6" loading={choose.isPending} disabled={country === current.country}>
          Save Country
        </Button>
      </form>
      {country !== current.country && (
        <p className="mt-2 text-sm text-amber-700">
          Items you already have keep their currency.{marketplace ? ` ${marketplace.afterChange(preview)}` : ''}
        </p>
      )}
      {choose.isError && (
        <p role="alert" className="mt-2 text-sm text-red-600">
          {choose.error.message}
        </p>
      )}
    </Card>
  );
}
