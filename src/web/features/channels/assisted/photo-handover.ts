import { zipSync } from 'fflate';

/** A photo of the hand-over: its signed URL and the name it is shared or zipped as (SKU-1.jpg...). */
export interface HandoverPhoto {
  url: string;
  fileName: string;
}

/** Whether this browser can hand files to the share sheet (Web Share API level 2: phones, some desktops). */
export function canShareFiles(): boolean {
  if (typeof navigator === 'undefined' || typeof navigator.canShare !== 'function' || typeof navigator.share !== 'function') return false;
  try {
    return navigator.canShare({ files: [new File([new Uint8Array([0xff, 0xd8])], 'probe.jpg', { type: 'image/jpeg' })] });
  } catch {
    return false;
  }
}

/** The photos as files, in the item's order (fetched from their signed URLs). */
export async function photoFiles(photos: HandoverPhoto[], signal?: AbortSignal): Promise<File[]> {
  return Promise.all(
    photos.map(async ({ url, fileName }) => {
      const response = await fetch(url, { signal, credentials: 'same-origin' });
      if (!response.ok) throw new Error(`photo ${fileName}: ${response.status}`);
      const blob = await response.blob();
      return new File([blob], fileName, { type: blob.type || 'image/jpeg' });
    }),
  );
}

/** One zip of the files in order (stored, not compressed: JPEGs do not shrink), as a Blob. */
export async function zipOf(files: File[]): Promise<Blob> {
  const entries: Record<string, [Uint8Array, { level: 0 }]> = {};
  for (const file of files) entries[file.name] = [new Uint8Array(await file.arrayBuffer()), { level: 0 }];
  const bytes = zipSync(entries);
  return new Blob([bytes.buffer as ArrayBuffer], { type: 'application/zip' });
}

/** Saves a blob as a download with the given name. */
export function download(blob: Blob, name: string) {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
