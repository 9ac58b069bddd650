import type { ListedItem } from '@shared/contracts/items';
import { formatMoney } from '@shared/domain/money';
import { CardSheetButton } from '@/components/card-sheet-button';
import { Spinner } from '@/components/spinner';
import { ItemAmountField } from '@/entities/items/item-amount-field';
import { useItemEvents } from '@/entities/items/use-item-events';
import { useItemProfit } from './api/profit';
import { ItemSaleDetails } from './item-sale-details';

/**
 * On an item's card: its cost ("Add cost" when none), opening the item's cost and profit: the cost to enter or
 * change, and each sale with its fees (or "fees pending" and their estimate), the seller’s shipping cost and the profit.
 */
export function ItemProfitButton({ item }: { item: Pick<ListedItem, 'id' | 'sku' | 'cost' | 'currency' | 'sale' | 'updatedAt'> }) {
  return (
    <CardSheetButton
      label={buttonLabel(item)}
      // The visible words first (what a voice user says), then whose: "Add cost, PSTFSH-001".
      ariaLabel={`${buttonLabel(item)}, ${item.sku}`}
      testId="item-profit-button"
      title={`Cost and profit · ${item.sku}`}
    >
      <ItemProfitBody item={item} />
    </CardSheetButton>
  );
}

/** Sold: the way to its profit (and a missing cost said); otherwise its cost, or the way to enter one. */
function buttonLabel(item: Pick<ListedItem, 'cost' | 'sale'>): string {
  const cost = item.cost && formatMoney(item.cost);
  if (item.sale) return cost ? `Profit · cost ${cost}` : 'Profit · add cost';
  return cost ? `Cost ${cost}` : 'Add cost';
}

function ItemProfitBody({ item }: { item: Pick<ListedItem, 'id' | 'sku' | 'cost' | 'currency' | 'updatedAt'> }) {
  const { id: itemId, sku, cost, currency, updatedAt: version } = item;
  // While open it follows the event stream: fees arriving (or a cancellation) change the item, and it reads again.
  useItemEvents();
  const profit = useItemProfit(itemId, version);
  const sales = profit.data?.sales ?? [];
  const saleCost = profit.data?.cost ?? null;
  return (
    <div className="flex flex-col gap-4 overflow-y-auto px-4 py-4 sm:px-6" data-testid="item-profit">
      <ItemAmountField amount="cost" itemId={itemId} sku={sku} saved={cost} currency={currency} />
      {profit.isPending ? (
        <Spinner className="size-5 text-indigo-600" label="Loading sales" />
      ) : profit.isError ? (
        <p role="alert" className="text-sm text-red-700">
          Could not load the item’s sales. Try again.
        </p>
      ) : sales.length === 0 ? (
        <p className="text-sm text-slate-500">Not sold yet. Its profit shows here once it sells.</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {sales.map((sale) => (
            <ItemSaleDetails key={sale.id} sale={sale} cost={saleCost} />
          ))}
        </ul>
      )}
    </div>
  );
}
