import { Button } from '@/components/button';

interface SelectionToolbarProps {
  selectedCount: number;
  withSku: number;
  withoutSku: number;
  onSelectAll(): void;
  onClear(): void;
}

/** Select All, Clear and the selected count above the grid, with what happens to photos left without a SKU. */
export function SelectionToolbar({ selectedCount, withSku, withoutSku, onSelectAll, onClear }: SelectionToolbarProps) {
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <Button size="sm" variant="secondary" onClick={onSelectAll}>
          Select All
        </Button>
        <Button size="sm" variant="ghost" onClick={onClear} disabled={selectedCount === 0}>
          Clear
        </Button>
        <span className="text-sm text-slate-500" aria-live="polite">
          {selectedCount} selected
        </span>
      </div>
      <p className="text-xs text-slate-600 [@media(pointer:fine)]:hidden">
        {selectedCount === 0 ? 'Touch and hold a photo to start selecting. ' : 'Tap photos to add or remove them. '}
        Touch and hold another to select the photos in between.
      </p>
      {withoutSku > 1 && withSku > 0 && (
        <p className="text-xs text-slate-600">{withoutSku} photos have no SKU yet: Upload asks how to split them into products.</p>
      )}
    </>
  );
}
