import { useState } from 'react';
import type { PercentCrop } from 'react-image-crop';
import type { Item, ItemImage } from '@shared/contracts/items';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { GridIcon, PencilIcon, RefreshIcon } from '../../components/icons';
import { Sheet, SheetHeader } from '../../components/sheet';
import { SortablePhotos } from '../../components/sortable-photos';
import { Spinner } from '../../components/spinner';
import { cn } from '../../lib/cn';
import { useCropPhoto } from './api/crop-photo';
import { useItemPhotos } from './api/item-photos';
import { useRotatePhoto } from './api/rotate-photo';
import { useSavePhotoOrder } from './api/save-photo-order';
import { cropRatios, initialCrop, PhotoCropper, toSourceRegion, type CropRatioLabel } from './photo-cropper';

/** Spec §8 Photo management ("Crop alert"); rotating reads the same way. */
export const photoEditErrors = {
  crop: (message: string) => `Failed to crop image. Please try again. Error: ${message}`,
  rotate: (message: string) => `Failed to rotate image. Please try again. Error: ${message}`,
  reorder: 'Failed to reorder images',
  load: 'Failed to load photos',
} as const;

export interface ManagePhotosDialogProps {
  itemId: string;
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** Spec §2 Manage Photos dialog: drag to reorder (first is MAIN), crop with ratios and grid, rotate, save or cancel. */
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

function PhotoManagerBody({ item, onClose }: { item: Item; onClose(): void }) {
  // The order being arranged; null until the seller drags (then Save Changes sends it, Cancel forgets it).
  const [order, setOrder] = useState<string[] | null>(null);
  const images = ordered(item.images, order);
  const [selectedId, setSelectedId] = useState<string | null>(item.images[0]?.id ?? null);
  const selected = images.find((image) => image.id === selectedId) ?? images[0];
  const [ratio, setRatio] = useState<CropRatioLabel>('Free');
  const aspect = cropRatios.find((r) => r.label === ratio)?.aspect;
  const [crop, setCrop] = useState<PercentCrop | undefined>(undefined);
  const [grid, setGrid] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const cropPhoto = useCropPhoto();
  const rotatePhoto = useRotatePhoto();
  const saveOrder = useSavePhotoOrder();
  const busy = cropPhoto.isPending || rotatePhoto.isPending || saveOrder.isPending;
  const orderChanged = order !== null && order.some((id, i) => id !== item.images[i]?.id);

  function select(image: ItemImage) {
    setSelectedId(image.id);
    setCrop(undefined);
  }

  function chooseRatio(label: CropRatioLabel) {
    setRatio(label);
    if (selected) setCrop(initialCrop(selected, cropRatios.find((r) => r.label === label)?.aspect));
  }

  function applyCrop() {
    if (!selected || !crop) return;
    setError(null);
    cropPhoto.mutate(
      { itemId: item.id, imageId: selected.id, region: toSourceRegion(crop, selected, aspect) },
      { onSuccess: () => setCrop(undefined), onError: (err) => setError(photoEditErrors.crop(err.message)) },
    );
  }

  function rotate() {
    if (!selected) return;
    setError(null);
    setCrop(undefined);
    rotatePhoto.mutate(
      { itemId: item.id, imageId: selected.id, degrees: 90 },
      { onError: (err) => setError(photoEditErrors.rotate(err.message)) },
    );
  }

  function saveChanges() {
    if (!orderChanged || !order) return onClose();
    setError(null);
    saveOrder.mutate(
      { itemId: item.id, imageIds: order },
      {
        onSuccess: onClose,
        onError: () => {
          setOrder(null); // spec §4: if saving fails, the order reverts
          setError(photoEditErrors.reorder);
        },
      },
    );
  }

  return (
    <>
      <div className="flex min-h-0 flex-1 flex-col gap-4 overflow-y-auto px-4 py-4 sm:px-6 lg:flex-row lg:gap-6">
        {selected && (
          <section aria-label="Crop and rotate" className="flex flex-col gap-3 lg:min-w-0 lg:flex-1">
            {error && <Alert tone="error">{error}</Alert>}
            <div className="flex justify-center rounded-xl bg-slate-900 p-2">
              <PhotoCropper
                key={selected.id + selected.url}
                image={selected}
                crop={crop}
                onCrop={setCrop}
                aspect={aspect}
                grid={grid}
                disabled={busy}
              />
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <div role="radiogroup" aria-label="Crop ratio" className="flex rounded-xl bg-slate-100 p-1">
                {cropRatios.map(({ label }) => (
                  <button
                    key={label}
                    type="button"
                    role="radio"
                    aria-checked={ratio === label}
                    onClick={() => chooseRatio(label)}
                    className={cn(
                      'h-9 rounded-lg px-3 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-indigo-600',
                      ratio === label ? 'bg-white text-indigo-700 shadow' : 'text-slate-600 hover:text-slate-900',
                    )}
                  >
                    {label}
                  </button>
                ))}
              </div>
              <Button variant={grid ? 'primary' : 'secondary'} size="sm" aria-pressed={grid} onClick={() => setGrid((on) => !on)}>
                <GridIcon className="size-4" /> Grid
              </Button>
              <Button variant="secondary" size="sm" onClick={rotate} loading={rotatePhoto.isPending} disabled={busy}>
                <RefreshIcon className="size-4" /> Rotate 90°
              </Button>
              <Button size="sm" onClick={applyCrop} loading={cropPhoto.isPending} disabled={busy || !crop} className="sm:ml-auto">
                Apply Crop
              </Button>
            </div>
            <p className="text-xs text-slate-500">
              {crop
                ? `Selection: ${toSourceRegion(crop, selected, aspect).width} x ${toSourceRegion(crop, selected, aspect).height} pixels of ${selected.width} x ${selected.height}.`
                : 'Drag over the photo or pick a ratio to choose what to keep.'}
            </p>
          </section>
        )}
        {!selected && error && <Alert tone="error">{error}</Alert>}
        <section aria-labelledby="photo-order-heading" className="flex flex-col gap-2 lg:w-72 lg:shrink-0">
          <h3 id="photo-order-heading" className="text-sm font-semibold text-slate-800">
            Photo order
          </h3>
          <p className="text-xs text-slate-500">
            Drag to reorder (on a touch screen, press and hold first). Tap the pencil to edit a photo.
          </p>
          <SortablePhotos
            sku={item.sku}
            images={images}
            firstLabel="MAIN"
            highlightedId={selected?.id}
            onReorder={setOrder}
            disabled={busy}
            className="grid-cols-4 sm:grid-cols-6 lg:grid-cols-3"
            actions={(image, position) => (
              <button
                type="button"
                onClick={() => select(image)}
                aria-label={`Edit photo ${position + 1}`}
                aria-pressed={image.id === selected?.id}
                className="absolute right-1 top-1 flex size-8 items-center justify-center rounded-lg bg-white/90 text-indigo-700 shadow ring-1 ring-slate-200 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
              >
                <PencilIcon className="size-4" />
              </button>
            )}
          />
        </section>
      </div>
      <footer className="flex justify-end gap-2 border-t border-slate-200 px-4 pb-[max(0.75rem,env(safe-area-inset-bottom))] pt-3 sm:px-6">
        <Button variant="secondary" onClick={onClose} disabled={saveOrder.isPending}>
          Cancel
        </Button>
        <Button onClick={saveChanges} loading={saveOrder.isPending} disabled={busy && !saveOrder.isPending}>
          Save Changes
        </Button>
      </footer>
    </>
  );
}
