import { useId, type ReactNode } from 'react';
import { Button } from '@/components/button';
import { CameraIcon, PencilIcon, TrashIcon, UploadIcon } from '@/components/icons';
import { SizeOnLabelField } from '@/entities/items/size-on-label-field';
import type { CapturedPhotos } from '../camera/use-captured-photos';

interface ReviewGridProps {
  /** The photos taken: shown here, and removed one by one. */
  batch: CapturedPhotos;
  /** The size on the product's label: typed here, before the upload, as in the upload dialog. */
  size: string;
  onSizeChange: (typed: string) => void;
  onEdit: (id: string) => void;
  onTakeMore: () => void;
  onUpload: () => void;
}

/** The review grid: two columns, #1, #2 ..., edit and remove each; Take More and Upload N. */
export function ReviewGrid({ batch, size, onSizeChange, onEdit, onTakeMore, onUpload }: ReviewGridProps) {
  const { photos } = batch;
  const sizeId = useId();
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="min-h-0 flex-1 overflow-y-auto px-3 py-2 sm:px-5">
        <h3 className="mx-auto mb-3 max-w-3xl text-base font-semibold">Review photos</h3>
        {photos.length === 0 ? (
          <p className="mx-auto max-w-3xl py-12 text-center text-white/70">No photos yet. Tap Take More to capture some.</p>
        ) : (
          <ul className="mx-auto grid max-w-3xl grid-cols-2 gap-3" aria-label="Photos to upload">
            {photos.map((photo, index) => (
              <li
                key={photo.id}
                data-testid="review-photo"
                data-width={photo.width}
                data-height={photo.height}
                className="overflow-hidden rounded-xl bg-white/10"
              >
                <div className="relative aspect-square bg-black/40">
                  <img src={photo.url} alt={`Shot ${index + 1} of ${photos.length}`} className="size-full object-contain" />
                  <span className="absolute left-2 top-2 rounded-md bg-black/65 px-2 py-0.5 text-sm font-semibold">#{index + 1}</span>
                </div>
                <div className="grid grid-cols-2 divide-x divide-white/10 border-t border-white/10">
                  <TileAction label={`Edit photo ${index + 1}`} tone="hover:bg-white/10" onClick={() => onEdit(photo.id)}>
                    <PencilIcon className="size-4" /> Edit
                  </TileAction>
                  <TileAction
                    label={`Remove photo ${index + 1}`}
                    tone="text-red-300 hover:bg-red-500/15"
                    onClick={() => batch.remove(photo.id)}
                  >
                    <TrashIcon className="size-4" /> Remove
                  </TileAction>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="mx-auto w-full max-w-3xl px-3 pt-3 sm:px-5">
        <label htmlFor={sizeId} className="mb-1 block text-sm font-medium">
          Size on label
        </label>
        <SizeOnLabelField id={sizeId} value={size} onChange={onSizeChange} label="Size on label" className="h-11 sm:h-10 sm:text-sm" />
      </div>
      <div className="mx-auto flex w-full max-w-3xl gap-3 px-3 pb-[max(1rem,env(safe-area-inset-bottom))] pt-3 sm:px-5">
        <Button variant="secondary" size="lg" className="flex-1" onClick={onTakeMore}>
          <CameraIcon className="size-5" />
          Take More
        </Button>
        <Button variant="success" size="lg" className="flex-1" onClick={onUpload} disabled={photos.length === 0}>
          <UploadIcon className="size-5" />
          Upload {photos.length}
        </Button>
      </div>
    </div>
  );
}

/** One of a photo tile's two actions under the photo (Edit, Remove), in its `tone` (text colour and hover). */
function TileAction({ label, tone, onClick, children }: { label: string; tone: string; onClick(): void; children: ReactNode }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className={`flex h-11 items-center justify-center gap-1.5 text-sm font-medium ${tone} focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-white`}
    >
      {children}
    </button>
  );
}
