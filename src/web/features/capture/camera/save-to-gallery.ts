import { useCallback, useState } from 'react';

/** The local preference saveToGallery, stored as the text true or false. */
const STORAGE_KEY = 'saveToGallery';
const URL_LIFETIME_MS = 60_000;

function readPreference(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

export function useSaveToGallery() {
  const [enabled, setEnabled] = useState(readPreference);
  const change = useCallback((next: boolean) => {
    setEnabled(next);
    try {
      localStorage.setItem(STORAGE_KEY, next ? 'true' : 'false');
    } catch {
      // Private mode without storage: the switch still works for this visit.
    }
  }, []);
  return [enabled, change] as const;
}

/** Downloads each photo as photo_{timestamp}_{index}.jpg (on phones this lands in Files/Downloads or Photos). */
export function downloadPhotos(blobs: Blob[]): void {
  const timestamp = Date.now();
  blobs.forEach((blob, index) => {
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = `photo_${timestamp}_${index}.jpg`;
    link.style.display = 'none';
    document.body.appendChild(link);
    link.click();
    link.remove();
    // Revoked later: the browser reads the file after click() returns.
    setTimeout(() => URL.revokeObjectURL(url), URL_LIFETIME_MS);
  });
}
