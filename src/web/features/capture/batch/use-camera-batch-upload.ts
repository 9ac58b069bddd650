import { useCallback, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Item, RejectedImage } from '@shared/contracts/items';
import { invalidateItemQueries } from '@/entities/items/query-keys';
import type { CapturedPhoto } from '../camera/use-captured-photos';
import type { ProductUploader } from './product-uploader';

export type CameraBatch =
  | { status: 'idle' }
  | { status: 'uploading'; sku: string | null; done: number; total: number; percent: number }
  | { status: 'created'; item: Item; skipped: RejectedImage[]; autoGenerate: boolean }
  | { status: 'failed'; message: string };

/** A camera batch becoming one product: the progress card, then "Product Batch Created!" or the failed box. */
export function useCameraBatchUpload(uploadProduct: ProductUploader, autoGenerateListing: boolean) {
  const [batch, setBatch] = useState<CameraBatch>({ status: 'idle' });
  const running = useRef(false);
  const queryClient = useQueryClient();

  const start = useCallback(
    async (photos: CapturedPhoto[], size: string | null = null): Promise<boolean> => {
      if (running.current) return false;
      running.current = true;
      setBatch({ status: 'uploading', sku: null, done: 0, total: photos.length, percent: 0 });
      try {
        const result = await uploadProduct({
          photos: photos.map((p) => p.blob),
          photoIds: photos.map((p) => p.id),
          size,
          autoGenerateListing,
          // Many network events carry no visible change: keep the same state object then (no re-render).
          onProgress: (p) =>
            setBatch((prev) => {
              const next = {
                status: 'uploading' as const,
                sku: p.item?.sku ?? null,
                done: p.doneCount,
                total: photos.length,
                percent: p.percent,
              };
              const same = prev.status === 'uploading' && prev.sku === next.sku && prev.done === next.done && prev.percent === next.percent;
              return same ? prev : next;
            }),
        });
        setBatch({ status: 'created', item: result.item, skipped: result.rejected, autoGenerate: autoGenerateListing });
        return true;
      } catch (err) {
        setBatch({ status: 'failed', message: err instanceof Error ? err.message : String(err) });
        return false;
      } finally {
        running.current = false;
        void invalidateItemQueries(queryClient);
      }
    },
    [uploadProduct, autoGenerateListing, queryClient],
  );

  const reset = useCallback(() => setBatch({ status: 'idle' }), []);
  return { batch, start, reset };
}
