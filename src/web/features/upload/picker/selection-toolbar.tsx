import { Button } from '../../../components/button';

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
      {withoutSku > 0 && withSku > 0 && (
        <p className="text-xs text-slate-500">
          {withoutSku} photo{withoutSku === 1 ? '' : 's'} without a SKU will become one product with the next SKU.
        </p>
      )}
    </>
  );
}
