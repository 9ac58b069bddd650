import { memo, useCallback, useRef, useState, type MouseEvent } from 'react';
import { Checkbox } from 'radix-ui';
import { CheckIcon, ImagesIcon, XIcon } from '@/components/icons';
import { cn } from '@/lib/cn';
import { imageErrors } from '@/lib/image-errors';
import { isHeic } from '../compression/compression-settings';
import { SizeOnLabelField } from '@/entities/items/size-on-label-field';
import { TileSkuField } from './tile-sku-field';
import { useLongPress } from './use-long-press';
import type { PickedFile } from './use-picked-files';

/** A HEIC this browser cannot draw: the server converts it, and its thumbnail shows on the product once uploaded. */
export const heicTileWords = 'HEIC photo: its preview shows once uploaded';

export interface FileTileHandlers {
  /** `touch`: the click came from a finger (each tap then adds or removes the tile). */
  onClick: (id: string, event: MouseEvent<HTMLButtonElement>, touch: boolean) => void;
  /** A touch long-press: starts selection mode, or adds the range from the last tile touched. */
  onLongPress: (id: string) => void;
  onToggle: (id: string) => void;
  onRemove: (id: string) => void;
  onSkuChange: (id: string, typed: string) => void;
  onSizeChange: (id: string, typed: string) => void;
}

interface FileTileProps extends FileTileHandlers {
  picked: PickedFile;
  number: number;
  selected: boolean;
}

/**
 * One chosen photo: click to select (Ctrl/Cmd and Shift extend), each tap on touch adds or removes, a long-press
 * starts selection or adds a range; the checkbox toggles, SKU field below. The checkbox and remove button are
 * 44 px touch targets on phones.
 * Memoised with id-based handlers, so typing in one SKU field re-renders one tile, not all 100.
 */
export const FileTile = memo(function FileTile({
  picked,
  number,
  selected,
  onClick,
  onLongPress,
  onToggle,
  onRemove,
  onSkuChange,
  onSizeChange,
}: FileTileProps) {
  const label = `Photo ${number}`;
  const id = picked.id;
  const pointerType = useRef('mouse');
  const longPress = useLongPress(useCallback(() => onLongPress(id), [id, onLongPress]));
  const [imageFailed, setImageFailed] = useState(false);
  const noPreview = picked.previewFailed || imageFailed;
  const shown = Boolean(picked.previewUrl) && !noPreview;
  const placeholder = !noPreview ? 'Loading...' : isHeic(picked.file) ? heicTileWords : imageErrors.preview;
  return (
    <li data-testid="upload-tile" data-selected={selected || undefined} className="flex min-w-0 flex-col gap-1.5">
      <div className="relative">
        <button
          type="button"
          {...longPress.handlers}
          onPointerDown={(event) => {
            pointerType.current = event.pointerType;
            longPress.handlers.onPointerDown(event);
          }}
          onClick={(event) => {
            if (!longPress.consumeClick()) onClick(id, event, pointerType.current === 'touch');
          }}
          aria-pressed={selected}
          aria-label={shown ? `${label}: ${picked.file.name}` : `${label}: ${picked.file.name}. ${placeholder}`}
          className={cn(
            'block aspect-square w-full select-none overflow-hidden [-webkit-touch-callout:none] rounded-xl bg-slate-100 outline-none ring-offset-2 transition',
            'focus-visible:ring-2 focus-visible:ring-indigo-400',
            selected ? 'ring-3 ring-indigo-600' : 'ring-1 ring-slate-200 hover:ring-slate-300',
          )}
        >
          {picked.previewUrl && !noPreview && (
            <img src={picked.previewUrl} alt="" draggable={false} onError={() => setImageFailed(true)} className="size-full object-cover" />
          )}
          {selected && <span className="pointer-events-none absolute inset-0 rounded-xl bg-indigo-600/15" />}
        </button>
        {!shown && (
          // Beside the button, not in it: the button is named by its label (with these words), and axe asks that a
          // button's visible text be in its name. Slate-600 on slate-100, 12 px: legible.
          <span
            aria-hidden="true"
            className="pointer-events-none absolute inset-0 flex flex-col items-center justify-center gap-1 p-2 text-center text-xs text-slate-600"
          >
            <ImagesIcon className={cn('size-6', !noPreview && 'animate-pulse')} />
            {placeholder}
            {noPreview && <span className="w-full truncate">{picked.file.name}</span>}
          </span>
        )}
        <Checkbox.Root
          checked={selected}
          onCheckedChange={() => onToggle(id)}
          aria-label={`Select ${label.toLowerCase()}`}
          className="group absolute left-0 top-0 flex size-11 items-center justify-center rounded-lg outline-none sm:size-10"
        >
          <span
            className={cn(
              'flex size-7 items-center justify-center rounded-lg border-2 shadow-sm transition',
              'group-focus-visible:outline-2 group-focus-visible:outline-offset-1 group-focus-visible:outline-indigo-600',
              selected ? 'border-indigo-600 bg-indigo-600 text-white' : 'border-white bg-black/25 text-transparent backdrop-blur-sm',
            )}
          >
            <Checkbox.Indicator forceMount>
              <CheckIcon className="size-4" strokeWidth={3} />
            </Checkbox.Indicator>
          </span>
        </Checkbox.Root>
        <button
          type="button"
          onClick={() => onRemove(id)}
          aria-label={`Remove ${label.toLowerCase()}`}
          className="group absolute right-0 top-0 flex size-11 items-center justify-center rounded-full outline-none sm:size-10"
        >
          <span className="flex size-7 items-center justify-center rounded-full bg-black/55 text-white shadow-sm backdrop-blur-sm group-hover:bg-black/75 group-focus-visible:outline-2 group-focus-visible:outline-indigo-600">
            <XIcon className="size-4" strokeWidth={2.5} />
          </span>
        </button>
        <span className="pointer-events-none absolute bottom-1.5 left-1.5 rounded-md bg-black/75 px-1.5 py-0.5 text-xs font-semibold text-white">
          {number}
        </span>
      </div>
      <TileSkuField sku={picked.sku} label={label.toLowerCase()} onChange={(typed) => onSkuChange(id, typed)} />
      <SizeOnLabelField value={picked.size} onChange={(typed) => onSizeChange(id, typed)} label={`Size for ${label.toLowerCase()}`} />
    </li>
  );
});
