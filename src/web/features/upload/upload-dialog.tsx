import { useCallback, useRef, useState } from 'react';
import { normaliseSku, skuProblem } from '@shared/domain/sku';
import { Alert } from '@/components/alert';
import { Sheet, SheetFooter, SheetHeader } from '@/components/sheet';
import { FileGrid } from './picker/file-grid';
import { PhotoPicker } from './picker/photo-picker';
import { NoSkuQuestion } from './picker/no-sku-question';
import { RemovedPhotoUndo, useRemovedPhoto } from './picker/removed-photo-undo';
import { pickedCounts, productGroups, productGroupsWith, withoutSku } from './picker/product-groups';
import { SelectionToolbar } from './picker/selection-toolbar';
import type { SkusTaken } from './picker/sku-hints-line';
import { useDropTarget } from './picker/use-drop-target';
import { notAddedWords, usePickedFiles, type PickedFile } from './picker/use-picked-files';
import { useTileSelection } from './picker/use-tile-selection';
import { UploadQueueList } from './queue/upload-queue-list';
import { UploadSummary } from './queue/upload-summary';
import { useUploadQueue } from './queue/upload-queue-provider';
import { isActive } from './queue/upload-queue-entry';
import { useCreatedThisOpening } from './queue/use-created-this-opening';
import { UploadFooter } from './upload-footer';

export interface UploadDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Queues listings for the products just uploaded and opens Generate Listings (composed by the app). */
  onGenerateListings?: (itemIds: string[]) => Promise<void>;
}

/** The Upload and Assign SKUs dialog: choose photos, give each product a SKU, upload them as products. */
export function UploadDialog({ open, onOpenChange, onGenerateListings }: UploadDialogProps) {
  const picked = usePickedFiles();
  const queue = useUploadQueue();
  const selection = useTileSelection(picked.files);
  const [bulkSku, setBulkSku] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const drop = useDropTarget((files) => picked.addFiles(files));
  const counts = pickedCounts(picked.files);
  const [unnamed, setUnnamed] = useState<PickedFile[] | null>(null);
  const undo = useRemovedPhoto();
  const { files: pickedFiles, removeFiles } = picked;
  const { remember } = undo;
  const onRemove = useCallback(
    (id: string) => {
      const index = pickedFiles.findIndex((f) => f.id === id);
      const gone = pickedFiles[index];
      if (!gone) return;
      removeFiles([id]);
      remember({ file: gone.file, sku: gone.sku, index });
    },
    [pickedFiles, removeFiles, remember],
  );

  function resetSelection() {
    selection.clear();
    setBulkSku('');
  }

  function assign(sku: string) {
    picked.assignSku(selection.selected, sku);
    resetSelection();
  }

  // A SKU under a photo that cannot be used stops the upload (the server would refuse it).
  const badTile = picked.files.findIndex((f) => f.sku.trim() !== '' && skuProblem(f.sku) !== null);
  const tileProblem = badTile < 0 ? null : `Photo ${badTile + 1}: ${skuProblem(picked.files[badTile]!.sku)}`;
  const skusTaken: SkusTaken = {
    // Every SKU the Next hint must skip: on the photos here and in the queue (the server's are in its own answer).
    inUse: [...picked.files.map((f) => f.sku), ...queue.entries.flatMap((e) => (e.sku ? [e.sku] : []))],
    // "Last": the SKU given last, in the queue or on the photos here, before the server's own last one.
    lastAssigned:
      [...queue.entries.flatMap((e) => (e.sku ? [e.sku] : [])), ...picked.files.map((f) => normaliseSku(f.sku))]
        .filter((sku) => sku !== '' && skuProblem(sku) === null)
        .at(-1) ?? null,
    awaitingGenerated: queue.entries.filter((e) => e.sku === null && isActive(e)).length,
  };
  const created = useCreatedThisOpening(open, queue.created);

  function upload(skuForSelection?: string) {
    if (tileProblem) return;
    const files = skuForSelection
      ? picked.files.map((f) => (selection.selected.has(f.id) ? { ...f, sku: normaliseSku(skuForSelection) } : f))
      : picked.files;
    const noSku = withoutSku(files);
    if (noSku.length > 1) {
      // Several photos without a SKU: ask how they split into products instead of guessing one product.
      if (skuForSelection) assign(skuForSelection);
      setUnnamed(noSku);
      return;
    }
    send(productGroups(files));
  }

  function send(groups: ReturnType<typeof productGroups>) {
    queue.enqueue(groups);
    picked.removeFiles(selection.order);
    resetSelection();
    setUnnamed(null);
  }

  function cancel() {
    picked.removeFiles(selection.order);
    resetSelection();
    queue.clearCreated();
    onOpenChange(false);
  }

  const finished = !queue.busy && created.length > 0 && picked.files.length === 0;

  const hasFiles = picked.files.length > 0;
  return (
    <Sheet open={open} onOpenChange={onOpenChange} size="lg" {...drop.handlers}>
      <SheetHeader
        title="Upload and Assign SKUs"
        description="Give the photos of one product the same SKU. Each SKU becomes one product batch."
      />

      <div className="flex-1 overflow-y-auto px-4 py-4 sm:px-6">
        <div className="flex flex-col gap-4">
          <UploadQueueList entries={queue.entries} onClear={queue.clearEntry} onRetry={queue.retryEntry} />
          {finished && (
            <UploadSummary
              created={created}
              onDone={cancel}
              onGenerateListings={
                onGenerateListings &&
                (async (ids) => {
                  await onGenerateListings(ids);
                  cancel();
                })
              }
            />
          )}
          <PhotoPicker
            inputRef={inputRef}
            compact={hasFiles}
            fileCount={picked.files.length}
            processing={picked.previewsPending > 0}
            onFiles={(files) => picked.addFiles(files)}
          />
          {picked.notAdded.length > 0 && (
            <Alert tone="warning" className="break-words">
              {notAddedWords(picked.notAdded)}
            </Alert>
          )}
          <RemovedPhotoUndo
            removed={undo.removed}
            onUndo={(photo) => {
              picked.restoreFile(photo.file, photo.sku, photo.index);
              undo.forget();
            }}
          />
          {hasFiles && (
            <>
              <SelectionToolbar
                selectedCount={selection.selected.size}
                withSku={counts.withSku}
                withoutSku={counts.withoutSku}
                onSelectAll={selection.selectAll}
                onClear={selection.clear}
              />
              <FileGrid
                files={picked.files}
                selected={selection.selected}
                onClick={selection.onTileClick}
                onLongPress={selection.onLongPress}
                onToggle={selection.onToggle}
                onRemove={onRemove}
                onSkuChange={picked.setSku}
                onSizeChange={picked.setSize}
              />
            </>
          )}
        </div>
      </div>

      {unnamed ? (
        <SheetFooter layout="free" className="bg-white sm:rounded-b-2xl">
          <NoSkuQuestion
            photos={unnamed}
            onChoose={(groups) => send(productGroupsWith(picked.files, groups))}
            onBack={() => setUnnamed(null)}
          />
        </SheetFooter>
      ) : (
        <UploadFooter
          bulkSku={bulkSku}
          onBulkSkuChange={setBulkSku}
          tileProblem={tileProblem}
          skusTaken={skusTaken}
          selectedCount={selection.selected.size}
          counts={counts}
          open={open}
          onAssign={assign}
          onUpload={upload}
          onCancel={cancel}
        />
      )}

      {drop.dragging && (
        <div className="pointer-events-none absolute inset-2 z-10 flex items-center justify-center rounded-2xl border-2 border-dashed border-indigo-500 bg-indigo-50/90 text-lg font-semibold text-indigo-700">
          Drop photos to add them
        </div>
      )}
    </Sheet>
  );
}
