import { SheetFooter } from '@/components/sheet';
import { Button } from '@/components/button';
import { BulkSkuBar } from './picker/bulk-sku-bar';
import type { PickedCounts } from './picker/product-groups';
import { SkuHintsLine, type SkusTaken } from './picker/sku-hints-line';

interface UploadFooterProps {
  bulkSku: string;
  onBulkSkuChange(value: string): void;
  /** Why a SKU typed under a photo cannot be used: Upload is refused until it is fixed. */
  tileProblem: string | null;
  /** The SKUs on the photos and in the queue, for the SKU hints. */
  skusTaken: SkusTaken;
  selectedCount: number;
  counts: PickedCounts;
  /** The dialog is open: only then are the SKU hints fetched. */
  open: boolean;
  onAssign(sku: string): void;
  onUpload(skuForSelection?: string): void;
  onCancel(): void;
}

/** The dialog's bottom bar: the bulk SKU field with Assign and Upload, the counts, the SKU hints and Cancel. */
export function UploadFooter({
  bulkSku,
  onBulkSkuChange,
  tileProblem,
  skusTaken,
  selectedCount,
  counts,
  open,
  onAssign,
  onUpload,
  onCancel,
}: UploadFooterProps) {
  return (
    <SheetFooter layout="free" className="bg-white sm:rounded-b-2xl">
      <BulkSkuBar
        value={bulkSku}
        onValueChange={onBulkSkuChange}
        tileProblem={tileProblem}
        selectedCount={selectedCount}
        imageCount={counts.images}
        onAssign={onAssign}
        onUpload={onUpload}
      />
      <div className="mt-2 flex items-center gap-3">
        <div className="flex min-w-0 flex-1 flex-col gap-0.5 sm:flex-row sm:items-center sm:gap-4">
          <p className="text-xs text-slate-600 sm:text-sm" data-testid="upload-counts">
            <strong className="font-semibold text-slate-900">{counts.images}</strong> image{counts.images === 1 ? '' : 's'} ·{' '}
            <strong className="font-semibold text-slate-900">{counts.withSku}</strong> with SKU ·{' '}
            <strong className="font-semibold text-slate-900">{counts.products}</strong> unique product{counts.products === 1 ? '' : 's'}
          </p>
          <SkuHintsLine enabled={open} taken={skusTaken} onUseNext={onBulkSkuChange} />
        </div>
        <Button variant="ghost" size="sm" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </SheetFooter>
  );
}
