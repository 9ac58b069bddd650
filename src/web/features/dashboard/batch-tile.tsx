import type { BatchSummary } from './api/batches';

export function BatchTile({ item }: { item: BatchSummary }) {
  return (
    <li className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm" data-testid="batch-tile">
      <div className="aspect-square bg-slate-100">
        {item.thumbnailUrl && <img src={item.thumbnailUrl} alt={`Product ${item.sku}`} loading="lazy" className="size-full object-cover" />}
      </div>
      <div className="p-3">
        <p className="truncate font-mono text-sm font-semibold text-slate-900">{item.sku}</p>
        <p className="text-xs text-slate-500">
          Batch #{item.batchNumber} · {item.photoCount} photo{item.photoCount === 1 ? '' : 's'}
        </p>
      </div>
    </li>
  );
}
