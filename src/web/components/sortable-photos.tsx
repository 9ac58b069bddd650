import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { arrayMove, rectSortingStrategy, SortableContext, sortableKeyboardCoordinates, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useRef, type ReactNode } from 'react';
import type { ItemImage } from '@shared/contracts/items';
import { cn } from '../lib/cn';

/**
 * What the first photo is called, on the product card and in Manage Photos alike (the first design said
 * "Primary" for one and "MAIN" for the other: one word for one thing, the plain one Manage Photos already explains
 * itself with, "the first photo is the main one").
 */
export const FIRST_PHOTO_LABEL = 'Main';

interface SortablePhotosProps {
  sku: string;
  images: ItemImage[];
  onReorder(imageIds: string[]): void;
  /** Buttons over one photo's corner (delete on the product card, edit in Manage Photos). */
  actions?(image: ItemImage, position: number): ReactNode;
  /** A photo shown highlighted (the one being edited). */
  highlightedId?: string | null;
  disabled?: boolean;
  /** The grid's columns (default: 3, 4 from sm, 5 from lg). */
  className?: string;
}

/**
 * Every photo of a product in order, the first labelled. Drag with a mouse, press and hold on a touch screen (so a
 * swipe still scrolls the page), or focus a photo and use Space, the arrow keys and Space again.
 */
export function SortablePhotos({ sku, images, onReorder, actions, highlightedId, disabled, className }: SortablePhotosProps) {
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = images.map((image) => image.id);
  // dnd-kit's own announcements read the raw ids ("Draggable item e47e1aac-…"): say photo numbers instead.
  const lastOver = useRef<UniqueIdentifier | null>(null);
  const number = (id: UniqueIdentifier) => ids.indexOf(String(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      lastOver.current = active.id;
      return `Picked up photo ${number(active.id)} of ${ids.length}.`;
    },
    // dnd-kit reports "over" again without a move (first over the photo itself): only a change is announced.
    onDragOver: ({ active, over }) => {
      if ((over?.id ?? null) === lastOver.current) return undefined;
      lastOver.current = over?.id ?? null;
      return over
        ? `Photo ${number(active.id)} moved to position ${number(over.id)}.`
        : `Photo ${number(active.id)} is not over a position.`;
    },
    onDragEnd: ({ active, over }) =>
      over && over.id !== active.id
        ? `Photo ${number(active.id)} dropped at position ${number(over.id)}.`
        : `Photo ${number(active.id)} dropped; the order did not change.`,
    onDragCancel: ({ active }) => `Moving cancelled. Photo ${number(active.id)} went back to position ${number(active.id)}.`,
  };

  function dropped({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    onReorder(arrayMove(ids, ids.indexOf(String(active.id)), ids.indexOf(String(over.id))));
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={dropped}
      accessibility={{
        screenReaderInstructions: {
          draggable: 'To move a photo, press Space, use the arrow keys, then press Space again to drop it or Escape to cancel.',
        },
        announcements,
      }}
    >
      <SortableContext items={ids} strategy={rectSortingStrategy} disabled={disabled}>
        <ul className={cn('grid gap-2', className ?? 'grid-cols-3 sm:grid-cols-4 lg:grid-cols-5')} data-testid="photo-list">
          {images.map((image, position) => (
            <SortablePhoto
              key={image.id}
              image={image}
              position={position}
              sku={sku}
              highlighted={image.id === highlightedId}
              actions={actions?.(image, position)}
            />
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}

function SortablePhoto({
  image,
  position,
  sku,
  highlighted,
  actions,
}: {
  image: ItemImage;
  position: number;
  sku: string;
  highlighted: boolean;
  actions: ReactNode;
}) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: image.id });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={cn('relative', isDragging && 'z-10')}
      data-testid="photo"
      data-image-id={image.id}
    >
      <div
        {...attributes}
        {...listeners}
        aria-label={`Photo ${position + 1} of ${sku}${position === 0 ? `, ${FIRST_PHOTO_LABEL.toLowerCase()} photo` : ''}. Drag to reorder.`}
        className={cn(
          'aspect-square cursor-grab touch-manipulation select-none overflow-hidden rounded-xl bg-slate-100 active:cursor-grabbing',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
          isDragging ? 'shadow-xl ring-2 ring-indigo-500' : highlighted ? 'ring-4 ring-indigo-500' : 'ring-1 ring-slate-200',
        )}
      >
        <img src={image.thumbnailUrl} alt="" draggable={false} loading="lazy" className="pointer-events-none size-full object-cover" />
      </div>
      {position === 0 && (
        <span
          className="pointer-events-none absolute bottom-1.5 left-1.5 rounded-md bg-indigo-600 px-1.5 py-0.5 text-[11px] font-bold uppercase tracking-wide text-white shadow"
          data-testid="primary-label"
        >
          {FIRST_PHOTO_LABEL}
        </span>
      )}
      {actions}
    </li>
  );
}
