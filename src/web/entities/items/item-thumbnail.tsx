import { createContext, useContext } from 'react';
import type { ListedItem } from '@shared/contracts/items';
import { ImagesIcon } from '@/components/icons';
import { cn } from '@/lib/cn';

/**
 * How thumbnails below load: lazily by default (a plain list loads those near the viewport only); eagerly in a
 * virtualised list, which mounts only the rows near the viewport anyway. There a lazy image's request started in
 * the frame that first laid it out (its intersection check, then a microtask of 4-5 ms each under 4x CPU
 * throttling), an eager one's in the commit that mounted it, a task of its own.
 */
export const ThumbnailLoading = createContext<'lazy' | 'eager'>('lazy');

/** The item's first photo (its 400 px thumbnail), or a placeholder while it has none. `className` sets the size. */
export function ItemThumbnail({ item, className }: { item: Pick<ListedItem, 'sku' | 'thumbnailUrl'>; className?: string }) {
  const loading = useContext(ThumbnailLoading);
  return (
    <div className={cn('shrink-0 overflow-hidden bg-slate-100', className)}>
      {item.thumbnailUrl ? (
        <img src={item.thumbnailUrl} alt={`Product ${item.sku}`} loading={loading} decoding="async" className="size-full object-cover" />
      ) : (
        <div className="flex size-full items-center justify-center text-slate-400">
          <ImagesIcon className="size-6" />
        </div>
      )}
    </div>
  );
}
