import { useWatch, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import type { ListedItem } from '@shared/contracts/items';
import { formatMoney } from '@shared/domain/money';
import { moneyInputText } from '@shared/domain/money-input';
import { priceByList } from '@shared/domain/price-list';
import { SIMULATED_COMPARABLES } from '@shared/domain/simulated-ebay';
import { useComparables } from '@/entities/comparables/use-comparables';
import { usePriceList } from '@/entities/price-list/use-price-list';
import { MoneyFormField } from '@/lib/forms/money-form-field';

/** A price the seller can take with one tap, named by where it comes from (never as a suggestion of ours). */
interface PriceChoice {
  label: string;
  /** The price as the field holds it: "19.99", "19,99" in de-DE (`moneyInputText`). */
  price: string;
}

/** The comparables' median (labelled as their panel is) and the seller's own list price, where there are any. */
function usePriceChoices(item: ListedItem): PriceChoice[] {
  const comparables = useComparables(item.id, item.updatedAt).data;
  const listPrice = priceByList(usePriceList().data, item);
  const choices: PriceChoice[] = [];
  if (comparables?.median != null) {
    const title = comparables.simulated ? SIMULATED_COMPARABLES : 'Comparables on eBay';
    choices.push({ label: `${title}: median ${formatMoney(comparables.median)}`, price: moneyInputText(comparables.median) });
  }
  if (listPrice) choices.push({ label: `Your price list: ${formatMoney(listPrice)}`, price: moneyInputText(listPrice) });
  return choices;
}

/**
 * Quick Fix's price: the money field Publish Settings has (the item's currency, read in the seller's locale), with the comparables' median and
 * the seller's price list beside it as one-tap choices (`onChoose`). Saved as Publish Settings saves it; its problem is the form's.
 */
export function QuickFixPrice<T extends FieldValues, Context, Read extends FieldValues>({
  item,
  control,
  name,
  onChoose,
}: {
  item: ListedItem;
  control: Control<T, Context, Read>;
  name: FieldPath<T>;
  onChoose(price: string): void;
}) {
  const choices = usePriceChoices(item);
  const value: unknown = useWatch({ control, name });
  return (
    <div className="flex min-w-0 flex-col gap-2 sm:col-span-2" data-testid="quick-fix-price">
      <MoneyFormField control={control} name={name} label={`Price (${item.currency})`} currency={item.currency} />
      {choices.length > 0 && (
        <div className="flex flex-wrap gap-2" role="group" aria-label="Prices to choose from">
          {choices.map((choice) => (
            <button
              key={choice.label}
              type="button"
              aria-pressed={value === choice.price}
              onClick={() => onChoose(choice.price)}
              className="min-h-11 rounded-full border border-slate-300 bg-white px-3 text-left text-sm font-medium text-slate-800 hover:border-indigo-400 hover:bg-indigo-50 aria-pressed:border-indigo-500 aria-pressed:bg-indigo-50 aria-pressed:text-indigo-800 focus-visible:outline-2 focus-visible:outline-indigo-500 sm:min-h-9"
            >
              {choice.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
