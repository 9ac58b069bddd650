import { useCallback, useEffect, useState } from 'react';
import { Button } from '@/components/button';

/** How long a removed photo can be put back. */
export const UNDO_REMOVE_MS = 6000;

export interface RemovedPhoto {
  file: File;
  sku: string;
  /** Where it was in the grid (0-based). */
  index: number;
}

/**
 * The last removed photo, kept for UNDO_REMOVE_MS so a mistaken tap on the remove button costs nothing. Shown
 * inside the dialog (the app's toasts sit outside the modal dialog, where they cannot be reached).
 */
export function useRemovedPhoto() {
  const [removed, setRemoved] = useState<RemovedPhoto | null>(null);
  useEffect(() => {
    if (!removed) return;
    const timer = setTimeout(() => setRemoved(null), UNDO_REMOVE_MS);
    return () => clearTimeout(timer);
  }, [removed]);
  const forget = useCallback(() => setRemoved(null), []);
  return { removed, remember: setRemoved, forget };
}

export function RemovedPhotoUndo({ removed, onUndo }: { removed: RemovedPhoto | null; onUndo(photo: RemovedPhoto): void }) {
  if (!removed) return null;
  return (
    <div
      role="status"
      data-testid="removed-photo"
      className="flex items-center gap-3 rounded-xl bg-slate-800 py-1 pl-4 pr-1 text-sm text-white shadow-md"
    >
      <span className="min-w-0 flex-1 truncate">Photo {removed.index + 1} removed</span>
      <Button variant="ghost" onClick={() => onUndo(removed)} className="text-white underline underline-offset-2 hover:bg-white/10">
        Undo
      </Button>
    </div>
  );
}
