import type { ListedItem } from '@shared/contracts/items';
import { ImagesIcon } from '../../components/icons';
import { cn } from '../../lib/cn';

/** The item's first photo (its 400 px thumbnail), or a placeholder while it has none. `className` sets the size. */
export function ItemThumbnail({ item, className }: { item: Pick<ListedItem, 'sku' | 'thumbnailUrl'>; className?: string }) {
  return (
    <div className={cn('shrink-0 overflow-hidden bg-slate-100', className)}>
      {item.thumbnailUrl ? (
        <img src={item.thumbnailUrl} alt={`Product ${item.sku}`} loading="lazy" decoding="async" className="size-full object-cover" />
      ) : (
        <div className="flex size-full items-center justify-center text-slate-400">
          <ImagesIcon className="size-6" />
        </div>
      )}
    </div>
  );
}
