import { useCallback, useEffect, useRef, useState } from 'react';
import { normaliseSku } from '@shared/domain/sku';
import { createPreview } from '../compression/compression-pool';
import { previewSettings } from '../compression/compression-settings';

export interface PickedFile {
  id: string;
  file: File;
  /** As typed, upper-cased; empty = no SKU yet. */
  sku: string;
  /** The size on the label, as typed; empty = none given. */
  size: string;
  previewUrl: string | null;
  previewFailed: boolean;
}

let counter = 0;
const isImage = (file: File) => file.type.startsWith('image/') || /\.(jpe?g|png|webp|hei[cf])$/i.test(file.name);

/**
 * Said when a file that is no photo is dropped or picked (a .txt was left out without a word): which ones
 * were not added, and why.
 */
export function notAddedWords(names: readonly string[]): string {
  const shown = names.length > 3 ? `${names.slice(0, 3).join(', ')} and ${names.length - 3} more` : names.join(', ');
  const verb = names.length === 1 ? 'was' : 'were';
  return `${shown} ${verb} not added: only photos (JPEG, PNG, WebP or HEIC) can be uploaded.`;
}

/**
 * The files chosen in the Upload and Assign SKUs dialog with their SKUs and previews. Previews (400 px, JPEG 0.7)
 * are made in the compression workers, 20 files at a time, so choosing 200 photos does not stall the page.
 */
export function usePickedFiles() {
  const [files, setFiles] = useState<PickedFile[]>([]);
  const [previewsPending, setPreviewsPending] = useState(0);
  /** The files of the last pick or drop that were not photos, by name (empty: every one was added). */
  const [notAdded, setNotAdded] = useState<string[]>([]);
  const urls = useRef(new Map<string, string>());
  const queue = useRef<PickedFile[]>([]);
  const working = useRef(false);
  const alive = useRef(true);

  const makePreviews = useCallback(async () => {
    if (working.current) return;
    working.current = true;
    while (queue.current.length > 0 && alive.current) {
      const group = queue.current.splice(0, previewSettings.batchSize);
      const made = await Promise.all(
        group.map(async (picked) => {
          try {
            const blob = await createPreview(picked.file);
            return { id: picked.id, url: URL.createObjectURL(blob) };
          } catch {
            return { id: picked.id, url: null };
          }
        }),
      );
      if (!alive.current) {
        for (const m of made) if (m.url) URL.revokeObjectURL(m.url);
        break;
      }
      const byId = new Map(made.map((m) => [m.id, m.url]));
      for (const [id, url] of byId) if (url) urls.current.set(id, url);
      setFiles((all) =>
        all.map((f) => (byId.has(f.id) ? { ...f, previewUrl: byId.get(f.id) ?? null, previewFailed: byId.get(f.id) === null } : f)),
      );
      setPreviewsPending((n) => Math.max(0, n - group.length));
    }
    working.current = false;
  }, []);

  const addFiles = useCallback(
    (list: Iterable<File>) => {
      const all = [...list];
      setNotAdded(all.filter((file) => !isImage(file)).map((file) => file.name));
      const added = all
        .filter(isImage)
        .map((file) => ({ id: `file-${++counter}`, file, sku: '', size: '', previewUrl: null, previewFailed: false }));
      if (added.length === 0) return 0;
      setFiles((all) => [...all, ...added]);
      queue.current.push(...added);
      setPreviewsPending((n) => n + added.length);
      void makePreviews();
      return added.length;
    },
    [makePreviews],
  );

  /** Puts a removed photo back where it was, with its SKU (the Undo after Remove); its preview is made again. */
  const restoreFile = useCallback(
    (file: File, sku: string, index: number) => {
      const back: PickedFile = { id: `file-${++counter}`, file, sku, size: '', previewUrl: null, previewFailed: false };
      setFiles((all) => [...all.slice(0, index), back, ...all.slice(index)]);
      queue.current.push(back);
      setPreviewsPending((n) => n + 1);
      void makePreviews();
    },
    [makePreviews],
  );

  const release = useCallback((ids: Iterable<string>) => {
    const gone = new Set(ids);
    queue.current = queue.current.filter((f) => !gone.has(f.id));
    for (const id of gone) {
      const url = urls.current.get(id);
      if (url) URL.revokeObjectURL(url);
      urls.current.delete(id);
    }
  }, []);

  const removeFiles = useCallback(
    (ids: Iterable<string>) => {
      const gone = new Set(ids);
      release(gone);
      setFiles((all) => all.filter((f) => !gone.has(f.id)));
      setPreviewsPending(queue.current.length);
    },
    [release],
  );

  const setSku = useCallback((id: string, typed: string) => {
    setFiles((all) => all.map((f) => (f.id === id ? { ...f, sku: typed.toUpperCase() } : f)));
  }, []);

  const setSize = useCallback((id: string, typed: string) => {
    setFiles((all) => all.map((f) => (f.id === id ? { ...f, size: typed } : f)));
  }, []);

  const assignSku = useCallback((ids: Iterable<string>, typed: string) => {
    const chosen = new Set(ids);
    const sku = normaliseSku(typed);
    setFiles((all) => all.map((f) => (chosen.has(f.id) ? { ...f, sku } : f)));
  }, []);

  useEffect(() => {
    alive.current = true;
    const owned = urls.current;
    return () => {
      alive.current = false;
      for (const url of owned.values()) URL.revokeObjectURL(url);
      owned.clear();
    };
  }, []);

  return { files, previewsPending, notAdded, addFiles, removeFiles, restoreFile, setSku, setSize, assignSku };
}
