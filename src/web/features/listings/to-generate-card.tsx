import type { ListingItem } from '@shared/contracts/listings';
import { Button } from '../../components/button';
import { SparklesIcon } from '../../components/icons';
import { TouchCheckbox } from '../../components/touch-checkbox';
import { ItemFacts } from '../../entities/items/item-facts';
import { ItemStatusBadge } from '../../entities/items/item-status-badge';
import { ItemThumbnail } from '../../entities/items/item-thumbnail';
import { cn } from '../../lib/cn';

/** An item without a finished listing: pending, failed, waiting or generating. */
export function ToGenerateCard({
  item,
  selected,
  onToggle,
  onGenerate,
  busy,
}: {
  item: ListingItem;
  selected: boolean;
  onToggle(): void;
  onGenerate(): void;
  busy: boolean;
}) {
  const working = item.aiGenerationStatus === 'generating' || item.generationQueued;
  const selectable = !working;
  const rateLimited = item.aiGenerationStatus === 'pending' && item.aiGenerationError;
  return (
    <li
      className={cn(
        'flex min-w-0 flex-col rounded-2xl border bg-white shadow-sm transition',
        selected ? 'border-indigo-400 ring-2 ring-indigo-100' : 'border-slate-200',
      )}
      data-testid="listing-card"
      data-sku={item.sku}
      data-status={item.aiGenerationStatus}
    >
      <div className="flex items-start gap-3 p-3">
        <TouchCheckbox className="-mt-2" checked={selected} disabled={!selectable} onChange={onToggle} aria-label={`Select ${item.sku}`} />
        <ItemThumbnail item={item} className="size-20 rounded-xl ring-1 ring-inset ring-slate-200" />
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <ItemFacts item={item} />
          <div>
            <ItemStatusBadge item={item} />
          </div>
        </div>
      </div>
      {item.aiGenerationStatus === 'failed' && item.aiGenerationError && (
        <p className="mx-3 mb-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="generation-error">
          {item.aiGenerationError}
        </p>
      )}
      {rateLimited && <p className="mx-3 mb-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">{item.aiGenerationError}</p>}
      <div className="mt-auto flex justify-end border-t border-slate-100 px-3 py-2.5">
        {working ? (
          <span className="py-2 text-sm text-slate-500">
            {item.aiGenerationStatus === 'generating' ? 'Writing the listing…' : 'Waiting for its turn…'}
          </span>
        ) : (
          <Button size="sm" onClick={onGenerate} loading={busy}>
            {!busy && <SparklesIcon className="size-4" />}
            Generate Listing
          </Button>
        )}
      </div>
    </li>
  );
}
