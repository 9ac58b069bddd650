import { useId } from 'react';
import { Switch } from 'radix-ui';
import { SlidersIcon, XIcon } from '@/components/icons';
import { cn } from '@/lib/cn';

interface CameraTopBarProps {
  photoCount: number;
  saveToGallery: boolean;
  onSaveToGalleryChange: (value: boolean) => void;
  filtersOpen: boolean;
  /** Hidden in the review grid, where live filters do nothing. */
  showFilters: boolean;
  onToggleFilters: () => void;
  onClose: () => void;
}

export const roundButton =
  'flex size-11 shrink-0 items-center justify-center rounded-full bg-white/15 text-white backdrop-blur-sm transition hover:bg-white/25 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white disabled:opacity-40';

/** Close, the "N photo(s)" badge, save-to-gallery and the filter panel toggle. */
export function CameraTopBar({
  photoCount,
  saveToGallery,
  onSaveToGalleryChange,
  filtersOpen,
  showFilters,
  onToggleFilters,
  onClose,
}: CameraTopBarProps) {
  const galleryId = useId();
  return (
    <div className="flex items-center gap-2 px-3 pb-2 pt-[max(0.75rem,env(safe-area-inset-top))] sm:px-5">
      <button type="button" onClick={onClose} aria-label="Close camera" className={roundButton}>
        <XIcon className="size-6" />
      </button>
      <span
        data-testid="photo-count"
        className="whitespace-nowrap rounded-full bg-white/15 px-3 py-1.5 text-sm font-semibold tabular-nums backdrop-blur-sm"
      >
        {photoCount} photo{photoCount === 1 ? '' : 's'}
      </span>
      <label
        htmlFor={galleryId}
        className="ml-auto flex min-h-11 cursor-pointer items-center gap-2 whitespace-nowrap rounded-full bg-white/15 py-1.5 pl-3 pr-1.5 text-sm font-medium backdrop-blur-sm"
      >
        <span className="sr-only sm:not-sr-only">Save to gallery</span>
        <span aria-hidden="true" className="sm:hidden">
          Gallery
        </span>
        <Switch.Root
          id={galleryId}
          checked={saveToGallery}
          onCheckedChange={onSaveToGalleryChange}
          className="relative h-6 min-h-0 w-10 min-w-0 shrink-0 rounded-full bg-white/30 transition data-[state=checked]:bg-emerald-500 focus-visible:outline-2 focus-visible:outline-white"
        >
          <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[18px]" />
        </Switch.Root>
      </label>
      {showFilters && (
        <button
          type="button"
          onClick={onToggleFilters}
          aria-label="Filters"
          aria-pressed={filtersOpen}
          className={cn(roundButton, filtersOpen && 'bg-white text-neutral-900 hover:bg-white')}
        >
          <SlidersIcon className="size-5" />
        </button>
      )}
    </div>
  );
}
