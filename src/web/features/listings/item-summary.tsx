import type { ListingItem } from '../../../shared/contracts/listings';
import { conditionLabel } from '../../../shared/domain/catalog';
import { formatUsd } from '../../../shared/domain/listing';
import { ImagesIcon } from '../../components/icons';
import { cn } from '../../lib/cn';

export function Thumbnail({ item, className }: { item: ListingItem; className?: string }) {
  return (
    <div className={cn('shrink-0 overflow-hidden rounded-xl bg-slate-100 ring-1 ring-inset ring-slate-200', className)}>
      {item.thumbnailUrl ? (
        <img src={item.thumbnailUrl} alt={`Product ${item.sku}`} loading="lazy" className="size-full object-cover" />
      ) : (
        <div className="flex size-full items-center justify-center text-slate-400">
          <ImagesIcon className="size-6" />
        </div>
      )}
    </div>
  );
}

/** SKU, category, condition, brand, photo count and suggested price: the card's facts (spec §2). */
export function ItemFacts({ item }: { item: ListingItem }) {
  const facts = [item.category, item.condition ? conditionLabel(item.condition) : null, item.brand].filter(Boolean) as string[];
  return (
    <div className="min-w-0">
      <p className="truncate font-mono text-sm font-semibold text-slate-900" data-testid="item-sku">
        {item.sku}
      </p>
      <p className="mt-0.5 truncate text-sm text-slate-600">{facts.length ? facts.join(' · ') : 'No category, condition or brand yet'}</p>
      <p className="mt-0.5 text-xs text-slate-500">
        {item.photoCount} photo{item.photoCount === 1 ? '' : 's'}
        {item.aiSuggestedPrice !== null && (
          <>
            {' · '}
            <span className="font-semibold text-emerald-700">{formatUsd(item.aiSuggestedPrice)}</span>
          </>
        )}
      </p>
    </div>
  );
}
