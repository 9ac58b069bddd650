import { useCallback, useEffect, useRef, useState } from 'react';

/** Spec §3 "Captured photo" (client only), plus the pixel size for the thumbnails. */
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

const newId = () => `${Date.now()}-${Math.random().toString(36).slice(2, 10)}`;

/** Captured photos and their object URLs, which are released when a photo goes or the owner unmounts. */
export function useCapturedPhotos() {
  const [photos, setPhotos] = useState<CapturedPhoto[]>([]);
  const live = useRef(new Set<string>());

  const track = (blob: Blob) => {
    const url = URL.createObjectURL(blob);
    live.current.add(url);
    return url;
  };
  const release = (url: string) => {
    URL.revokeObjectURL(url);
    live.current.delete(url);
  };

  // Object URLs are made outside state updaters (StrictMode runs updaters twice); revoking twice is harmless.
  const add = useCallback((frame: { blob: Blob; width: number; height: number }) => {
    const photo = { id: newId(), url: track(frame.blob), ...frame };
    setPhotos((all) => [...all, photo]);
  }, []);

  const remove = useCallback((id: string) => {
    setPhotos((all) => {
      const gone = all.find((p) => p.id === id);
      if (gone) release(gone.url);
      return all.filter((p) => p.id !== id);
    });
  }, []);

  const replace = useCallback((id: string, frame: { blob: Blob; width: number; height: number }) => {
    const url = track(frame.blob);
    setPhotos((all) =>
      all.map((p) => {
        if (p.id !== id) return p;
        release(p.url);
        return { ...p, ...frame, url };
      }),
    );
  }, []);

  const clear = useCallback(() => {
    for (const url of live.current) URL.revokeObjectURL(url);
    live.current.clear();
    setPhotos([]);
  }, []);

  useEffect(() => {
    const urls = live.current;
    return () => {
      for (const url of urls) URL.revokeObjectURL(url);
      urls.clear();
    };
  }, []);

  return { photos, add, remove, replace, clear };
}

export type CapturedPhotos = ReturnType<typeof useCapturedPhotos>;
