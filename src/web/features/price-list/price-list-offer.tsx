import { Link } from 'react-router';
import { webPaths } from '@shared/contracts/web-paths';
import { moneyLocale } from '@shared/domain/money';
import { priceListExample, type PriceListCurrency } from '@shared/domain/price-list';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { usePriceList, useSavePriceList } from '@/entities/price-list/use-price-list';

export const offerWords = {
  title: 'Set your price list',
  /** In the seller's currency and locale: "tees £12, jeans £22, −20% for fair". */
  body: (currency: PriceListCurrency, locale?: string) =>
    `Your own prices by category and condition ("${priceListExample(currency, locale)}"): products the AI gives no price go out at yours.`,
  set: 'Set my prices',
  skip: 'Skip',
} as const;

/** Offered once after sign-up, until the seller saves a list or skips it (an empty list is saved). */
export function PriceListOffer() {
  const list = usePriceList();
  const skip = useSavePriceList();
  if (!list.data || list.data.answered) return null;
  return (
    <Alert tone="info" title={offerWords.title}>
      <p data-testid="price-list-offer-body">{offerWords.body(list.data.sellerCurrency, moneyLocale())}</p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <Link
          to={webPaths.priceList}
          className="inline-flex h-11 items-center rounded-xl bg-indigo-600 px-4 text-sm font-semibold text-white hover:bg-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        >
          {offerWords.set}
        </Link>
        <Button
          variant="ghost"
          className="h-11"
          loading={skip.isPending}
          onClick={() => skip.mutate({ currency: list.data.sellerCurrency, rows: [], adjustments: [] })}
        >
          {offerWords.skip}
        </Button>
      </div>
    </Alert>
  );
}
