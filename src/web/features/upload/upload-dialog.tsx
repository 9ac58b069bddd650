import { useCallback, useMemo, useRef, useState, type MouseEvent } from 'react';
import { Dialog } from 'radix-ui';
import { normaliseSku } from '../../../shared/domain/sku';
import { Button } from '../../components/button';
import { XIcon } from '../../components/icons';
import { BulkSkuBar } from './picker/bulk-sku-bar';
import { FileGrid } from './picker/file-grid';
import { PhotoPicker } from './picker/photo-picker';
import { pickedCounts, productGroups } from './picker/product-groups';
import { SkuHintsLine } from './picker/sku-hints-line';
import { clickTile, emptySelection, keepExisting, selectAll, toggleTile, type Selection } from './picker/tile-selection';
import { useDropTarget } from './picker/use-drop-target';
import { usePickedFiles } from './picker/use-picked-files';
import { UploadQueueList } from './queue/upload-queue-list';
import { useUploadQueue } from './queue/use-upload-queue';

export interface UploadDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Spec §2 "Upload and Assign SKUs dialog": choose photos, give each product a SKU, upload them as products. */
export function UploadDialog({ open, onOpenChange }: UploadDialogProps) {
  const picked = usePickedFiles();
  const queue = useUploadQueue();
  const [rawSelection, setSelection] = useState<Selection>(emptySelection);
  const [bulkSku, setBulkSku] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  // Same identity while only SKUs change, so the memoised tiles and their handlers stay put.
  const orderKey = picked.files.map((f) => f.id).join('|');
  const order = useMemo(() => (orderKey ? orderKey.split('|') : []), [orderKey]);
  const selection = useMemo(() => keepExisting(rawSelection, order), [rawSelection, order]);
  const drop = useDropTarget((files) => picked.addFiles(files));
  const counts = pickedCounts(picked.files);
  const { removeFiles, setSku } = picked;
  const onTileClick = useCallback(
    (id: string, event: MouseEvent<HTMLButtonElement>) =>
      setSelection((s) => clickTile(keepExisting(s, order), order, id, { toggle: event.ctrlKey || event.metaKey, range: event.shiftKey })),
    [order],
  );
  const onToggle = useCallback((id: string) => setSelection((s) => toggleTile(keepExisting(s, order), id)), [order]);
  const onRemove = useCallback((id: string) => removeFiles([id]), [removeFiles]);

  function assign(sku: string) {
    picked.assignSku(selection.selected, sku);
    setSelection(emptySelection);
    setBulkSku('');
  }

  function upload(skuForSelection?: string) {
    const files = skuForSelection
      ? picked.files.map((f) => (selection.selected.has(f.id) ? { ...f, sku: normaliseSku(skuForSelection) } : f))
      : picked.files;
    queue.enqueue(productGroups(files));
    picked.removeFiles(order);
    setSelection(emptySelection);
    setBulkSku('');
  }

  function cancel() {
    picked.removeFiles(order);
    setSelection(emptySelection);
    setBulkSku('');
    onOpenChange(false);
  }

  const hasFiles = picked.files.length > 0;
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/60" />
        <Dialog.Content
          {...drop.handlers}
          className="fixed inset-0 z-50 flex flex-col bg-white outline-none sm:inset-auto sm:left-1/2 sm:top-1/2 sm:h-[min(90dvh,860px)] sm:w-[min(94vw,980px)] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl sm:shadow-2xl"
        >
          <header className="flex items-start gap-3 border-b border-slate-200 px-4 pb-3 pt-[max(0.75rem,env(safe-area-inset-top))] sm:px-6 sm:pt-4">
            <div className="min-w-0 flex-1">
              <Dialog.Title className="text-lg font-bold tracking-tight text-slate-900">Upload and Assign SKUs</Dialog.Title>
              <Dialog.Description className="mt-0.5 text-sm text-slate-500">
                Give the photos of one product the same SKU. Each SKU becomes one product batch.
              </Dialog.Description>
            </div>
            <Dialog.Close asChild>
              <Button variant="ghost" size="sm" aria-label="Close" className="-mr-2">
                <XIcon className="size-5" />
              </Button>
            </Dialog.Close>
          </header>

          <div className="flex-1 overflow-y-auto px-4 py-4 sm:px-6">
            <div className="flex flex-col gap-4">
              <UploadQueueList entries={queue.entries} onClear={queue.clearEntry} onRetry={queue.retryEntry} />
              <PhotoPicker
                inputRef={inputRef}
                compact={hasFiles}
                fileCount={picked.files.length}
                processing={picked.previewsPending > 0}
                onFiles={(files) => picked.addFiles(files)}
              />
              {hasFiles && (
                <>
                  <div className="flex flex-wrap items-center gap-2">
                    <Button size="sm" variant="secondary" onClick={() => setSelection(selectAll(order))}>
                      Select All
                    </Button>
                    <Button size="sm" variant="ghost" onClick={() => setSelection(emptySelection)} disabled={selection.selected.size === 0}>
                      Clear
                    </Button>
                    <span className="text-sm text-slate-500" aria-live="polite">
                      {selection.selected.size} selected
                    </span>
                  </div>
                  {counts.withoutSku > 0 && counts.withSku > 0 && (
                    <p className="text-xs text-slate-500">
                      {counts.withoutSku} photo{counts.withoutSku === 1 ? '' : 's'} without a SKU will become one product with the next SKU.
                    </p>
                  )}
                  <FileGrid
                    files={picked.files}
                    selected={selection.selected}
                    onClick={onTileClick}
                    onToggle={onToggle}
                    onRemove={onRemove}
                    onSkuChange={setSku}
                  />
                </>
              )}
            </div>
          </div>

          <footer className="border-t border-slate-200 bg-white px-4 pb-[max(0.75rem,env(safe-area-inset-bottom))] pt-3 sm:rounded-b-2xl sm:px-6">
            <BulkSkuBar
              value={bulkSku}
              onValueChange={setBulkSku}
              selectedCount={selection.selected.size}
              imageCount={picked.files.length}
              onAssign={assign}
              onUpload={upload}
            />
            <div className="mt-2 flex items-center gap-3">
              <div className="flex min-w-0 flex-1 flex-col gap-0.5 sm:flex-row sm:items-center sm:gap-4">
                <p className="text-xs text-slate-600 sm:text-sm" data-testid="upload-counts">
                  <strong className="font-semibold text-slate-900">{counts.images}</strong> image{counts.images === 1 ? '' : 's'} ·{' '}
                  <strong className="font-semibold text-slate-900">{counts.withSku}</strong> with SKU ·{' '}
                  <strong className="font-semibold text-slate-900">{counts.products}</strong> unique product{counts.products === 1 ? '' : 's'}
                </p>
                <SkuHintsLine enabled={open} onUseNext={setBulkSku} />
              </div>
              <Button variant="ghost" size="sm" onClick={cancel}>
                Cancel
              </Button>
            </div>
          </footer>

          {drop.dragging && (
            <div className="pointer-events-none absolute inset-2 z-10 flex items-center justify-center rounded-2xl border-2 border-dashed border-indigo-500 bg-indigo-50/90 text-lg font-semibold text-indigo-700">
              Drop photos to add them
            </div>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
