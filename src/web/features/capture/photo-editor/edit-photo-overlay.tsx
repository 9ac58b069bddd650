import { useState } from 'react';
import { CheckIcon, XIcon } from '@/components/icons';
import { LabelledSlider } from '@/components/labelled-slider';
import { Sheet, SheetTitle } from '@/components/sheet';
import { Spinner } from '@/components/spinner';
import type { CapturedPhoto } from '../camera/use-captured-photos';
import { adjustmentTools, isAdjusted, noAdjustments, type PhotoAdjustments } from '../image-adjustments/photo-adjustments';
import { canvasToJpeg, drawAdjusted, loadBitmap } from '../image-adjustments/render-adjusted';
import { useAdjustedPreview } from './use-adjusted-preview';

/** Edited photo export quality. */
const EDIT_QUALITY = 0.92;

interface EditPhotoOverlayProps {
  photo: CapturedPhoto;
  number: number;
  onCancel: () => void;
  onSave: (frame: { blob: Blob; width: number; height: number }) => void;
}

/** The Edit Photo overlay: canvas preview, six adjustment tools, Reset once anything moved, cancel/save. */
export function EditPhotoOverlay({ photo, number, onCancel, onSave }: EditPhotoOverlayProps) {
  const [adjustments, setAdjustments] = useState<PhotoAdjustments>(noAdjustments);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const preview = useAdjustedPreview(photo.blob, adjustments);

  async function save() {
    if (!isAdjusted(adjustments)) return onCancel();
    setSaving(true);
    setSaveError(null);
    try {
      const bitmap = await loadBitmap(photo.blob);
      const canvas = document.createElement('canvas');
      canvas.width = bitmap.width;
      canvas.height = bitmap.height;
      drawAdjusted(canvas, bitmap, adjustments);
      bitmap.close();
      onSave({ blob: await canvasToJpeg(canvas, EDIT_QUALITY), width: canvas.width, height: canvas.height });
    } catch (err) {
      setSaveError((err as Error).message);
      setSaving(false);
    }
  }

  const error = saveError ?? preview.error;
  return (
    <Sheet
      open
      onOpenChange={(open) => !open && onCancel()}
      layout="fullscreen"
      stacked
      className="bg-neutral-950 text-white"
      aria-describedby={undefined}
    >
      <div className="flex items-center gap-2 px-3 pb-2 pt-[max(0.75rem,env(safe-area-inset-top))] sm:px-5">
        <button
          type="button"
          onClick={onCancel}
          aria-label="Cancel editing"
          className="flex size-11 items-center justify-center rounded-full bg-white/15 hover:bg-white/25 focus-visible:outline-2 focus-visible:outline-white"
        >
          <XIcon className="size-6" />
        </button>
        <SheetTitle className="flex-1 text-center text-base font-semibold">Edit Photo #{number}</SheetTitle>
        <button
          type="button"
          onClick={() => void save()}
          disabled={saving || !preview.ready}
          aria-label="Save photo"
          className="flex size-11 items-center justify-center rounded-full bg-emerald-700 hover:bg-emerald-800 focus-visible:outline-2 focus-visible:outline-white disabled:opacity-50"
        >
          {saving ? <Spinner className="size-5" /> : <CheckIcon className="size-6" strokeWidth={2.5} />}
        </button>
      </div>

      <div className="relative flex min-h-0 flex-1 items-center justify-center p-3">
        <canvas ref={preview.canvasRef} data-testid="edit-canvas" className="max-h-full max-w-full rounded-lg object-contain" />
        {!preview.ready && !error && <Spinner className="absolute size-8" label="Loading photo" />}
        {error && (
          <p role="alert" className="absolute inset-x-4 bottom-4 rounded-xl bg-red-600 px-4 py-2 text-center text-sm">
            {error}
          </p>
        )}
      </div>

      <div className="mx-auto w-full max-w-3xl px-4 pb-[max(1rem,env(safe-area-inset-bottom))] pt-2">
        <div className="mb-2 flex h-8 items-center justify-between">
          <h3 className="text-sm font-semibold text-white/80">Adjustments</h3>
          {isAdjusted(adjustments) && (
            <button
              type="button"
              onClick={() => setAdjustments(noAdjustments)}
              className="rounded-full bg-white/15 px-3 py-1 text-sm font-semibold hover:bg-white/25 focus-visible:outline-2 focus-visible:outline-white"
            >
              Reset
            </button>
          )}
        </div>
        <div className="grid grid-cols-2 gap-x-5 gap-y-3 sm:grid-cols-3">
          {adjustmentTools.map((tool) => (
            <LabelledSlider
              key={tool.name}
              tone="dark"
              label={tool.label}
              min={tool.min}
              max={tool.max}
              step={tool.step}
              value={adjustments[tool.name]}
              onChange={(value) => setAdjustments((a) => ({ ...a, [tool.name]: value }))}
            />
          ))}
        </div>
      </div>
    </Sheet>
  );
}
