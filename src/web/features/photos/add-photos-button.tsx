import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useQueryClient } from '@tanstack/react-query';
import { RasterIcon } from '@/components/raster-icon';
import { Spinner } from '@/components/spinner';
import { useToast } from '@/components/toast';
import { replaceCachedItem } from '@/entities/items/item-cache';
import { addPhotos } from './api/add-photos';

const ACCEPT = 'image/*,.heic,.heif';

/**
 * Adds photos to an existing product (the forgotten tag shot) through the product's own photo upload request; the
 * server validates, processes and appends them after the others. Photos it refuses are named below the button; in the
 * phone's menu, which has closed by then, in a notice instead.
 */
export function AddPhotosButton({ itemId, sku, inMenu = false }: { itemId: string; sku: string; inMenu?: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [shownProblem, setProblem] = useState<string | null>(null);
  const notify = useToast();
  const report = (problem: string | null) => (inMenu && problem ? notify('error', problem) : setProblem(problem));
  // A file input is a heavy element (its own shadow tree): a long list of cards mounts it only when asked for.
  const [picking, setPicking] = useState(false);

  function choose() {
    if (!input.current) flushSync(() => setPicking(true));
    input.current?.click();
  }

  async function add(files: File[]) {
    if (files.length === 0) return;
    setBusy(true);
    setProblem(null);
    try {
      const result = await addPhotos(itemId, files);
      replaceCachedItem(queryClient, result.item);
      if (result.rejected.length > 0) report(result.rejected.map((r) => r.message).join(' '));
    } catch (err) {
      report(`Failed to add photos: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  }

  return (
    <>
      {picking && (
        <input
          ref={input}
          type="file"
          accept={ACCEPT}
          multiple
          hidden
          aria-label={`Photos to add to ${sku}`}
          data-testid="add-photos-input"
          onChange={(event) => void add([...(event.currentTarget.files ?? [])])}
        />
      )}
      <button
        type="button"
        {...(inMenu ? { role: 'menuitem', tabIndex: -1 } : {})}
        onClick={choose}
        disabled={busy}
        aria-label={`Add photos to ${sku}`}
        aria-busy={busy || undefined}
        className="flex items-center gap-1.5 rounded-lg px-2 py-1.5 text-sm font-semibold text-indigo-700 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:text-slate-400"
      >
        {busy ? <Spinner className="size-4" label="Adding photos" /> : <RasterIcon name="upload-indigo-700" />} Add photos
      </button>
      {shownProblem && (
        <p role="alert" className="basis-full rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-700">
          {shownProblem}
        </p>
      )}
    </>
  );
}
