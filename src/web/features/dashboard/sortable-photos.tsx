import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import { arrayMove, rectSortingStrategy, SortableContext, sortableKeyboardCoordinates, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { ItemImage } from '@shared/contracts/items';
import { TrashIcon } from '../../components/icons';
import { cn } from '../../lib/cn';

interface SortablePhotosProps {
  sku: string;
  images: ItemImage[];
  onReorder(imageIds: string[]): void;
  onDelete(image: ItemImage): void;
  disabled?: boolean;
}

/**
 * Every photo of a product in order, the first labelled Primary. Drag with a mouse, press and hold on a touch
 * screen (so a swipe still scrolls the page), or focus a photo and use Space, the arrow keys and Space again.
 */
export function SortablePhotos({ sku, images, onReorder, onDelete, disabled }: SortablePhotosProps) {
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = images.map((image) => image.id);

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
      }}
    >
      <SortableContext items={ids} strategy={rectSortingStrategy} disabled={disabled}>
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4 lg:grid-cols-5" data-testid="photo-list">
          {images.map((image, position) => (
            <SortablePhoto key={image.id} image={image} position={position} sku={sku} onlyPhoto={images.length === 1} onDelete={onDelete} />
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
  onlyPhoto,
  onDelete,
}: {
  image: ItemImage;
  position: number;
  sku: string;
  onlyPhoto: boolean;
  onDelete(image: ItemImage): void;
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
        aria-label={`Photo ${position + 1} of ${sku}${position === 0 ? ', primary' : ''}. Drag to reorder.`}
        className={cn(
          'aspect-square cursor-grab touch-manipulation select-none overflow-hidden rounded-xl bg-slate-100 ring-1 ring-slate-200 active:cursor-grabbing',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
          isDragging && 'shadow-xl ring-2 ring-indigo-500',
        )}
      >
        <img src={image.thumbnailUrl} alt="" draggable={false} loading="lazy" className="pointer-events-none size-full object-cover" />
      </div>
      {position === 0 && (
        <span
          className="pointer-events-none absolute bottom-1.5 left-1.5 rounded-md bg-indigo-600 px-1.5 py-0.5 text-[11px] font-bold uppercase tracking-wide text-white shadow"
          data-testid="primary-label"
        >
          Primary
        </span>
      )}
      <button
        type="button"
        onClick={() => onDelete(image)}
        disabled={onlyPhoto}
        aria-label={`Delete photo ${position + 1}`}
        title={onlyPhoto ? 'The last photo cannot be deleted. Delete the product instead.' : 'Delete photo'}
        className={cn(
          'absolute right-1.5 top-1.5 flex size-8 items-center justify-center rounded-lg bg-white/90 text-red-600 shadow ring-1 ring-slate-200',
          'hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-red-600 disabled:cursor-not-allowed disabled:text-slate-300',
        )}
      >
        <TrashIcon className="size-4" />
      </button>
    </li>
  );
}
