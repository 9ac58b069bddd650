import { useState } from 'react';
import type { CropImageBody, Item, ItemImage } from '@shared/contracts/items';
import { photoMinimums } from '@shared/contracts/marketplace-registry';
import { photoMinimumWarnings } from '@shared/domain/photo-minimum';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { GridIcon, PencilIcon, RefreshIcon, TrashIcon } from '@/components/icons';
import { Sheet, SheetFooter, SheetHeader } from '@/components/sheet';
import { SortablePhotos } from '@/components/sortable-photos';
import { Spinner } from '@/components/spinner';
import { cn } from '@/lib/cn';
import { useCropPhoto } from './api/crop-photo';
import { useDeleteImage } from '@/entities/items/use-delete-image';
import { CropPreview, RotatePreview } from './edit-preview';
import { useItemPhotos } from './api/item-photos';
import { useRotatePhoto } from './api/rotate-photo';
import { useSavePhotoOrder } from './api/save-photo-order';
import { cropRatios, PhotoCropper, toSourceRegion, useCropTool } from './photo-cropper';

/** Photo management's crop alert; rotating reads the same way. */
export const photoEditErrors = {
  crop: (message: string) => `Failed to crop image. Please try again. Error: ${message}`,
  rotate: (message: string) => `Failed to rotate image. Please try again. Error: ${message}`,
  reorder: 'Failed to reorder images',
  remove: (message: string) => `Failed to delete image. Please try again. Error: ${message}`,
  load: 'Failed to load photos',
} as const;

export interface ManagePhotosDialogProps {
  itemId: string;
  open: boolean;
  onOpenChange(open: boolean): void;
}

/**
 * The Manage Photos dialog: drag to reorder (the first is the main photo), crop with ratios and grid, rotate, save
 * or cancel. Crops, turns and the order wait for Save Changes; Cancel leaves the photos as they were.
 */
export function ManagePhotosDialog({ itemId, open, onOpenChange }: ManagePhotosDialogProps) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange} size="lg">
      {open && <ManagePhotos itemId={itemId} onClose={() => onOpenChange(false)} />}
    </Sheet>
  );
}

const ordered = (images: ItemImage[], order: string[] | null) => {
  if (!order) return images;
  const byId = new Map(images.map((image) => [image.id, image]));
  return order.flatMap((id) => byId.get(id) ?? []);
};

function ManagePhotos({ itemId, onClose }: { itemId: string; onClose(): void }) {
  const query = useItemPhotos(itemId);
  const item = query.data;
  return (
    <>
      <SheetHeader
        title="Manage Photos"
        description={item ? `${item.sku} · drag to reorder; the first photo is the main one` : 'Loading photos'}
      />
      {item ? (
        <PhotoManagerBody key={item.id} item={item} onClose={onClose} />
      ) : (
        <div className="flex flex-1 items-center justify-center p-10 text-indigo-600">
          {query.isError ? <Alert tone="error">{photoEditErrors.load}</Alert> : <Spinner className="size-6" label="Loading photos" />}
        </div>
      )}
    </>
  );
}

/** An edit applied in the dialog and not saved yet: a crop (in the stored photo's pixels) or quarter turns clockwise. */
type PendingEdit = { kind: 'crop'; region: CropImageBody } | { kind: 'rotate'; turns: 1 | 2 | 3 };

const pendingNote = (edit: PendingEdit, image: ItemImage) =>
  `${edit.kind === 'crop' ? `Cropped to ${edit.region.width} x ${edit.region.height} pixels of ${image.width} x ${image.height}` : `Rotated ${edit.turns * 90}° clockwise`}. Save Changes to keep it; Cancel leaves the photo as it was.`;

function PhotoManagerBody({ item, onClose }: { item: Item; onClose(): void }) {
  // The order being arranged; null until the seller drags (then Save Changes sends it, Cancel forgets it).
  const [order, setOrder] = useState<string[] | null>(null);
  const images = ordered(item.images, order);
  const [selectedId, setSelectedId] = useState<string | null>(item.images[0]?.id ?? null);
  const selected = images.find((image) => image.id === selectedId) ?? images[0];
  const cropTool = useCropTool();
  // Crops and turns by photo: shown here, written only by Save Changes; Cancel forgets them.
  const [edits, setEdits] = useState<Record<string, PendingEdit>>({});
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const cropPhoto = useCropPhoto();
  const rotatePhoto = useRotatePhoto();
  const saveOrder = useSavePhotoOrder();
  const deletePhoto = useDeleteImage();
  // Photos marked for deletion: deleted by Save Changes, kept by Undo or Cancel.
  const [removed, setRemoved] = useState<ReadonlySet<string>>(() => new Set());
  const kept = images.filter((image) => !removed.has(image.id));
  const orderChanged = order !== null && order.some((id, i) => id !== item.images[i]?.id);
  const pending = selected ? edits[selected.id] : undefined;
  const selection = selected && cropTool.crop ? toSourceRegion(cropTool.crop, selected, cropTool.aspect) : undefined;
  const shownRegion = pending?.kind === 'crop' ? pending.region : pending ? undefined : selection;

  function select(image: ItemImage) {
    setSelectedId(image.id);
    cropTool.clearCrop();
  }

  function keep(imageId: string, edit: PendingEdit | undefined) {
    setEdits(({ [imageId]: _replaced, ...others }) => (edit ? { ...others, [imageId]: edit } : others));
  }

  function applyCrop() {
    if (!selected || !selection) return;
    setError(null);
    keep(selected.id, { kind: 'crop', region: selection });
    cropTool.clearCrop();
  }

  function toggleRemoved(imageId: string) {
    setError(null);
    setRemoved((current) => {
      const next = new Set(current);
      if (!next.delete(imageId)) next.add(imageId);
      return next;
    });
    if (imageId === selected?.id) cropTool.clearCrop();
  }

  function rotate() {
    if (!selected || pending?.kind === 'crop') return;
    setError(null);
    cropTool.clearCrop();
    const turns = ((pending?.turns ?? 0) + 1) % 4;
    keep(selected.id, turns === 0 ? undefined : { kind: 'rotate', turns: turns as 1 | 2 | 3 });
  }

  /** Save Changes: each photo's edit (in photo order), then the order; a failure keeps the dialog open and says why. */
  async function saveChanges() {
    const changed = kept.flatMap((image) => (edits[image.id] ? [[image.id, edits[image.id]!] as const] : []));
    if (changed.length === 0 && !orderChanged && removed.size === 0) return onClose();
    setError(null);
    setSaving(true);
    try {
      for (const imageId of removed) {
        try {
          await deletePhoto.mutateAsync({ itemId: item.id, imageId });
        } catch (err) {
          setError(photoEditErrors.remove(err instanceof Error ? err.message : String(err)));
          return;
        }
        setRemoved((current) => new Set([...current].filter((id) => id !== imageId)));
      }
      for (const [imageId, edit] of changed) {
        try {
          if (edit.kind === 'crop') await cropPhoto.mutateAsync({ itemId: item.id, imageId, region: edit.region });
          else await rotatePhoto.mutateAsync({ itemId: item.id, imageId, degrees: (edit.turns * 90) as 90 | 180 | 270 });
        } catch (err) {
          const message = err instanceof Error ? err.message : String(err);
          setError(edit.kind === 'crop' ? photoEditErrors.crop(message) : photoEditErrors.rotate(message));
          return;
        }
        keep(imageId, undefined);
      }
      if (orderChanged && order) {
        try {
          await saveOrder.mutateAsync({ itemId: item.id, imageIds: order.filter((id) => !removed.has(id)) });
        } catch {
          setOrder(null); // If saving fails, the order reverts
          setError(photoEditErrors.reorder);
          return;
        }
      }
      onClose();
    } finally {
      setSaving(false);
    }
  }

  return (
    <>
      <div className="flex min-h-0 flex-1 flex-col gap-4 overflow-y-auto px-4 py-4 sm:px-6 lg:flex-row lg:gap-6">
        {selected && (
          <section aria-label="Crop and rotate" className="flex flex-col gap-3 lg:min-w-0 lg:flex-1">
            {error && <Alert tone="error">{error}</Alert>}
            <div className="flex justify-center rounded-xl bg-slate-900 p-2">
              {pending?.kind === 'crop' ? (
                <CropPreview image={selected} region={pending.region} />
              ) : pending?.kind === 'rotate' ? (
                <RotatePreview image={selected} turns={pending.turns} />
              ) : (
                <PhotoCropper key={selected.id + selected.url} image={selected} tool={cropTool} disabled={saving} />
              )}
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <div role="radiogroup" aria-label="Crop ratio" className="flex rounded-xl bg-slate-100 p-1">
                {cropRatios.map(({ label }) => (
                  <button
                    key={label}
                    type="button"
                    role="radio"
                    aria-checked={cropTool.ratio === label}
                    onClick={() => cropTool.chooseRatio(label, selected)}
                    disabled={saving || Boolean(pending)}
                    className={cn(
                      'h-9 rounded-lg px-3 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-indigo-600',
                      cropTool.ratio === label ? 'bg-white text-indigo-700 shadow' : 'text-slate-600 hover:text-slate-900',
                      'disabled:cursor-not-allowed disabled:opacity-50',
                    )}
                  >
                    {label}
                  </button>
                ))}
              </div>
              <Button
                variant={cropTool.grid ? 'primary' : 'secondary'}
                size="sm"
                aria-pressed={cropTool.grid}
                onClick={cropTool.toggleGrid}
                disabled={Boolean(pending)}
              >
                <GridIcon className="size-4" /> Grid
              </Button>
              <Button variant="secondary" size="sm" onClick={rotate} disabled={saving || pending?.kind === 'crop'}>
                <RefreshIcon className="size-4" /> Rotate 90°
              </Button>
              {pending ? (
                <Button variant="secondary" size="sm" onClick={() => keep(selected.id, undefined)} disabled={saving} className="sm:ml-auto">
                  {pending.kind === 'crop' ? 'Undo Crop' : 'Undo Rotate'}
                </Button>
              ) : (
                <Button size="sm" onClick={applyCrop} disabled={saving || !cropTool.crop} className="sm:ml-auto">
                  Apply Crop
                </Button>
              )}
            </div>
            <p className="text-xs text-slate-500" data-testid="crop-note">
              {pending
                ? pendingNote(pending, selected)
                : selection
                  ? `Selection: ${selection.width} x ${selection.height} pixels of ${selected.width} x ${selected.height}.`
                  : 'Drag over the photo or pick a ratio to choose what to keep.'}
            </p>
            {shownRegion &&
              photoMinimumWarnings(shownRegion, photoMinimums).map((warning) => (
                <Alert key={warning} tone="warning">
                  {warning}
                </Alert>
              ))}
          </section>
        )}
        {!selected && error && <Alert tone="error">{error}</Alert>}
        <section aria-labelledby="photo-order-heading" className="flex flex-col gap-2 lg:w-72 lg:shrink-0">
          <h3 id="photo-order-heading" className="text-sm font-semibold text-slate-800">
            Photo order
          </h3>
          <p className="text-xs text-slate-500">
            Drag to reorder (on a touch screen, press and hold first). Tap the pencil to edit a photo, the bin to delete it.
          </p>
          <SortablePhotos
            sku={item.sku}
            images={images}
            highlightedId={selected?.id}
            onReorder={setOrder}
            disabled={saving}
            className="grid-cols-3 sm:grid-cols-6 lg:grid-cols-3"
            actions={(image, position) => (
              <>
                {edits[image.id] && !removed.has(image.id) && (
                  <span className="pointer-events-none absolute bottom-8 left-1.5 rounded-md bg-amber-400 px-1.5 py-0.5 text-[11px] font-bold uppercase tracking-wide text-amber-950 shadow">
                    {edits[image.id]!.kind === 'crop' ? 'Cropped' : 'Rotated'}
                  </span>
                )}
                {removed.has(image.id) ? (
                  <span className="pointer-events-none absolute inset-x-0 bottom-0 top-12 flex items-center justify-center rounded-b-xl bg-white/80 px-1 text-center text-xs font-bold text-red-700 sm:top-10">
                    Deleted on save
                  </span>
                ) : (
                  <button
                    type="button"
                    onClick={() => select(image)}
                    aria-label={`Edit photo ${position + 1}`}
                    aria-pressed={image.id === selected?.id}
                    className={cn(photoButton, 'right-1 text-indigo-700 hover:bg-indigo-50 focus-visible:outline-indigo-600')}
                  >
                    <PencilIcon className="size-5 sm:size-4" />
                  </button>
                )}
                <RemovePhotoButton
                  position={position}
                  removed={removed.has(image.id)}
                  lastKept={kept.length === 1 && !removed.has(image.id)}
                  onToggle={() => toggleRemoved(image.id)}
                />
              </>
            )}
          />
        </section>
      </div>
      <SheetFooter layout="end">
        <Button variant="secondary" onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button onClick={() => void saveChanges()} loading={saving}>
          Save Changes
        </Button>
      </SheetFooter>
    </>
  );
}

/** A photo's corner button: 44 px for a finger on a phone, 32 px (with a 44 px hit area on touch) from sm. */
const photoButton =
  'touch-hit absolute top-1 flex size-11 items-center justify-center rounded-lg bg-white/90 shadow ring-1 ring-slate-200 focus-visible:outline-2 sm:size-8';

/** Marks a photo for deletion (done by Save Changes), or takes the mark back; the last photo stays. */
function RemovePhotoButton({
  position,
  removed,
  lastKept,
  onToggle,
}: {
  position: number;
  removed: boolean;
  lastKept: boolean;
  onToggle(): void;
}) {
  return (
    <button
      type="button"
      onClick={onToggle}
      disabled={lastKept}
      aria-label={removed ? `Undo delete photo ${position + 1}` : `Delete photo ${position + 1}`}
      title={lastKept ? 'The last photo cannot be deleted. Delete the product instead.' : undefined}
      className={cn(
        photoButton,
        'left-1 hover:bg-red-50 focus-visible:outline-red-600 disabled:cursor-not-allowed disabled:text-slate-300',
        removed ? 'text-slate-700' : 'text-red-600',
      )}
    >
      {removed ? <RefreshIcon className="size-5 sm:size-4" /> : <TrashIcon className="size-5 sm:size-4" />}
    </button>
  );
}
