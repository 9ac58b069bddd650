import type { ListedItem } from '@shared/contracts/items';
import { conditionLabel } from '@shared/domain/catalog';
import { formatMoney } from '@shared/domain/money';

type FactsOf = Pick<ListedItem, 'sku' | 'category' | 'condition' | 'brand' | 'photoCount' | 'price'>;

/** SKU, category, condition, brand, photo count and suggested price: a product card's facts. */
export function ItemFacts({ item }: { item: FactsOf }) {
  const facts = [item.category, item.condition ? conditionLabel(item.condition) : null, item.brand].filter(Boolean) as string[];
  return (
    <div className="min-w-0">
      <p className="font-mono wrap-anywhere text-sm font-semibold text-slate-900" data-testid="item-sku">
        {item.sku}
      </p>
      <p className="mt-0.5 break-words text-sm text-slate-600">
        {facts.length ? facts.join(' · ') : 'No category, condition or brand yet'}
      </p>
      <p className="mt-0.5 text-xs text-slate-500">
        {item.photoCount} photo{item.photoCount === 1 ? '' : 's'}
        {item.price !== null && (
          <>
            {' · '}
            <span className="font-semibold text-emerald-700">{formatMoney(item.price)}</span>
          </>
        )}
      </p>
    </div>
  );
}
