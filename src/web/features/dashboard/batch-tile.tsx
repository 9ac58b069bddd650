import type { Item } from '../../../shared/contracts/items';
import { ItemThumbnail } from '../../entities/items/item-thumbnail';

export function BatchTile({ item }: { item: Item }) {
  return (
    <li className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm" data-testid="batch-tile">
      <ItemThumbnail item={item} className="aspect-square w-full" />
      <div className="p-3">
        <p className="truncate font-mono text-sm font-semibold text-slate-900">{item.sku}</p>
        <p className="text-xs text-slate-500">
          Batch #{item.batchNumber} · {item.photoCount} photo{item.photoCount === 1 ? '' : 's'}
        </p>
      </div>
    </li>
  );
}
