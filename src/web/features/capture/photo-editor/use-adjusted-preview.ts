import { useEffect, useRef, useState } from 'react';
import { drawAdjusted, loadBitmap } from '../image-adjustments/render-adjusted';
import type { PhotoAdjustments } from '../image-adjustments/photo-adjustments';

/** The editor draws a copy at most this wide/high, so slider moves redraw within a frame. */
const PREVIEW_MAX = 1080;

/** Loads the photo once, then redraws the canvas with the adjustments at most once per animation frame. */
export function useAdjustedPreview(blob: Blob, adjustments: PhotoAdjustments) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [bitmap, setBitmap] = useState<ImageBitmap | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    let loaded: ImageBitmap | null = null;
    loadBitmap(blob)
      .then((b) => {
        loaded = b;
        if (cancelled) b.close();
        else setBitmap(b);
      })
      .catch((err: Error) => !cancelled && setError(err.message));
    return () => {
      cancelled = true;
      loaded?.close();
    };
  }, [blob]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!bitmap || !canvas) return;
    const frame = requestAnimationFrame(() => {
      const scale = Math.min(1, PREVIEW_MAX / Math.max(bitmap.width, bitmap.height));
      canvas.width = Math.round(bitmap.width * scale);
      canvas.height = Math.round(bitmap.height * scale);
      try {
        drawAdjusted(canvas, bitmap, adjustments);
      } catch (err) {
        setError((err as Error).message);
      }
    });
    return () => cancelAnimationFrame(frame);
  }, [bitmap, adjustments]);

  return { canvasRef, ready: bitmap !== null, error };
}
