import { createContext, createElement, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { deleteLocalRecords, localRecords, putLocalRecord, type LocalRecord } from '@/lib/local-db';

/** A captured photo (client only), plus the pixel size for the thumbnails. */
export interface CapturedPhoto {
  /** Timestamp plus random string. */
  id: string;
  /** Temporary local object URL. */
  url: string;
  /** JPEG data. */
  blob: Blob;
  width: number;
  height: number;
}

interface StoredPhoto extends LocalRecord {
  blob: Blob;
  width: number;
  height: number;
}

type Frame = { blob: Blob; width: number; height: number };

const newId = () => `${Date.now()}-${Math.random().toString(36).slice(2, 10)}`;
const STORE = 'camera-photos';

/**
 * The camera batch: photos taken and not yet uploaded. It belongs to the signed-in session, not to the capture
 * screen, and is kept in IndexedDB, so leaving the screen, a reload or a closed tab loses none of them; they go
 * when they are uploaded or the seller removes them. Object URLs are released when a photo goes or the owner unmounts.
 */
function useCameraBatchState(userId: string) {
  const [photos, setPhotos] = useState<CapturedPhoto[]>([]);
  const live = useRef(new Set<string>());
  const createdAt = useRef(new Map<string, number>());

  const track = (blob: Blob) => {
    const url = URL.createObjectURL(blob);
    live.current.add(url);
    return url;
  };
  const release = (url: string) => {
    URL.revokeObjectURL(url);
    live.current.delete(url);
  };
  const save = useCallback(
    (id: string, frame: Frame) => {
      const at = createdAt.current.get(id) ?? Date.now();
      createdAt.current.set(id, at);
      void putLocalRecord(STORE, { id, userId, createdAt: at, ...frame } satisfies StoredPhoto).catch(() => undefined);
    },
    [userId],
  );
  const forget = (ids: string[]) => void deleteLocalRecords(STORE, ids).catch(() => undefined);

  // Photos of an earlier page come back first, ahead of any taken since.
  useEffect(() => {
    let cancelled = false;
    localRecords<StoredPhoto>(STORE, userId)
      .then((stored) => {
        if (cancelled || stored.length === 0) return;
        for (const s of stored) createdAt.current.set(s.id, s.createdAt);
        const restored = stored.map((s) => ({ id: s.id, url: track(s.blob), blob: s.blob, width: s.width, height: s.height }));
        setPhotos((all) => [...restored.filter((r) => !all.some((p) => p.id === r.id)), ...all]);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [userId]);

  // Object URLs are made outside state updaters (StrictMode runs updaters twice); revoking twice is harmless.
  const add = useCallback(
    (frame: Frame) => {
      const photo = { id: newId(), url: track(frame.blob), ...frame };
      save(photo.id, frame);
      setPhotos((all) => [...all, photo]);
    },
    [save],
  );

  const removeMany = useCallback((ids: string[]) => {
    const gone = new Set(ids);
    forget(ids);
    setPhotos((all) => {
      for (const p of all) if (gone.has(p.id)) release(p.url);
      return all.filter((p) => !gone.has(p.id));
    });
  }, []);

  const remove = useCallback((id: string) => removeMany([id]), [removeMany]);

  const replace = useCallback(
    (id: string, frame: Frame) => {
      const url = track(frame.blob);
      save(id, frame);
      setPhotos((all) =>
        all.map((p) => {
          if (p.id !== id) return p;
          release(p.url);
          return { ...p, ...frame, url };
        }),
      );
    },
    [save],
  );

  const clear = useCallback(() => {
    setPhotos((all) => {
      forget(all.map((p) => p.id));
      return [];
    });
    for (const url of live.current) URL.revokeObjectURL(url);
    live.current.clear();
  }, []);

  useEffect(() => {
    const urls = live.current;
    return () => {
      for (const url of urls) URL.revokeObjectURL(url);
      urls.clear();
    };
  }, []);

  return useMemo(() => ({ photos, add, remove, removeMany, replace, clear }), [photos, add, remove, removeMany, replace, clear]);
}

export type CapturedPhotos = ReturnType<typeof useCameraBatchState>;

const CameraBatchContext = createContext<CapturedPhotos | null>(null);

/** Mounted by the app shell for the signed-in user (keyed by user: another user never sees these photos). */
export function CameraBatchProvider({ userId, children }: { userId: string; children: ReactNode }) {
  const batch = useCameraBatchState(userId);
  return createElement(CameraBatchContext.Provider, { value: batch }, children);
}

export function useCapturedPhotos(): CapturedPhotos {
  const batch = useContext(CameraBatchContext);
  if (!batch) throw new Error('useCapturedPhotos needs a CameraBatchProvider (app shell)');
  return batch;
}
