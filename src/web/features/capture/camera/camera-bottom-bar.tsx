import { FlipCameraIcon, GridIcon, UploadIcon } from '@/components/icons';
import { SizeOnLabelField } from '@/entities/items/size-on-label-field';
import { cn } from '@/lib/cn';
import { AspectRatioPicker } from './aspect-ratio-picker';
import type { AspectRatio } from './aspect-ratio';
import { roundButton } from './camera-top-bar';
import type { CapturedPhoto } from './use-captured-photos';

interface CameraBottomBarProps {
  photos: CapturedPhoto[];
  ratio: AspectRatio;
  onRatioChange: (ratio: AspectRatio) => void;
  canShoot: boolean;
  onShoot: () => void;
  onFlip: () => void;
  onReview: () => void;
  /** The size on the product's label, the review grid's field too: typed here, Upload sends it. */
  size: string;
  onSizeChange: (typed: string) => void;
  onUpload: () => void;
}

/**
 * Ratio picker, thumbnail strip, "Size on label" and Upload (decision 116: the size is asked where the Upload is, so
 * a batch uploaded without the review grid has it too), then Review / shutter / flip within thumb reach.
 */
export function CameraBottomBar({
  photos,
  ratio,
  onRatioChange,
  canShoot,
  onShoot,
  onFlip,
  onReview,
  size,
  onSizeChange,
  onUpload,
}: CameraBottomBarProps) {
  const count = photos.length;
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-3 px-3 pb-[max(1rem,env(safe-area-inset-bottom))] pt-3 sm:px-5">
      <AspectRatioPicker value={ratio} onChange={onRatioChange} />
      <div className="flex h-14 items-center gap-3">
        <ul className="flex min-w-0 flex-1 gap-2 overflow-x-auto" aria-label="Captured photos">
          {photos.map((photo, index) => (
            <li key={photo.id} className="shrink-0">
              <button
                type="button"
                onClick={onReview}
                aria-label={`Captured photo ${index + 1}`}
                className="block size-12 overflow-hidden rounded-lg ring-2 ring-white/70 focus-visible:outline-2 focus-visible:outline-white"
              >
                <img
                  src={photo.url}
                  alt=""
                  data-testid="captured-thumbnail"
                  data-width={photo.width}
                  data-height={photo.height}
                  className="size-full object-cover"
                />
              </button>
            </li>
          ))}
          {count === 0 && <li className="self-center text-sm text-white/60">Photos you take appear here</li>}
        </ul>
        <div className="w-28 shrink-0 sm:w-48">
          <SizeOnLabelField value={size} onChange={onSizeChange} label="Size on label" className="h-11 sm:text-sm" />
        </div>
        <button
          type="button"
          onClick={onUpload}
          disabled={count === 0}
          className="flex h-11 shrink-0 items-center gap-2 rounded-full bg-emerald-700 px-4 text-sm font-semibold text-white shadow-lg transition hover:bg-emerald-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white disabled:bg-white/15 disabled:text-white/50 disabled:shadow-none"
        >
          <UploadIcon className="size-5" />
          Upload {count}
        </button>
      </div>
      <div className="grid grid-cols-3 items-center">
        <button
          type="button"
          onClick={onReview}
          disabled={count === 0}
          className={cn(roundButton, 'size-12 justify-self-start')}
          aria-label="Review"
        >
          <GridIcon className="size-6" />
        </button>
        <button
          type="button"
          onClick={onShoot}
          disabled={!canShoot}
          aria-label="Take photo"
          className="flex size-[76px] items-center justify-center justify-self-center rounded-full border-4 border-white transition focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-white disabled:opacity-40"
        >
          <span className="size-[60px] rounded-full bg-white transition active:scale-90" />
        </button>
        <button type="button" onClick={onFlip} className={cn(roundButton, 'size-12 justify-self-end')} aria-label="Flip camera">
          <FlipCameraIcon className="size-6" />
        </button>
      </div>
    </div>
  );
}
