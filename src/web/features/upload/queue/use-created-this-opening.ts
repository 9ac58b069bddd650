import { useState } from 'react';
import type { CreatedProduct } from './upload-queue-store';

/**
 * The products to sum up in the upload dialog: those made since it was last opened. The queue belongs to the whole
 * session (camera batches, an earlier opening of the dialog), so what it made before this opening is not news; what
 * was still on its way when the dialog opened shows in the queue, and is summed up here once it is made.
 */
export function useCreatedThisOpening(open: boolean, created: CreatedProduct[]): CreatedProduct[] {
  const [opening, setOpening] = useState(() => ({ open, earlier: new Set(created.map((c) => c.itemId)) }));
  if (opening.open !== open) {
    // Adjusted while rendering (not in an effect), so an old summary never shows for a frame.
    setOpening({ open, earlier: open ? new Set(created.map((c) => c.itemId)) : opening.earlier });
  }
  const earlier = opening.open === open ? opening.earlier : new Set(created.map((c) => c.itemId));
  return open ? created.filter((c) => !earlier.has(c.itemId)) : [];
}
