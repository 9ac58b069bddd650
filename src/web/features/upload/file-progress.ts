/**
 * Per-file progress from the progress of one multipart body. The browser reports only the bytes of the whole
 * body sent; the files go in order, each after a small part header, so a file is as far along as the bytes past
 * its start. The header bytes (total minus the files) are shared out evenly, which is exact to a few hundred bytes.
 */
export function fileFractions(fileSizes: readonly number[], loaded: number, total: number): number[] {
  const filesBytes = fileSizes.reduce((sum, size) => sum + size, 0);
  const overheadEach = Math.max(0, total - filesBytes) / Math.max(1, fileSizes.length);
  let start = 0;
  return fileSizes.map((size) => {
    const span = size + overheadEach;
    const fraction = span > 0 ? (loaded - start) / span : 1;
    start += span;
    return Math.min(1, Math.max(0, fraction));
  });
}

/** Splits photos into requests of at most `maxFiles` files and, unless one file alone is larger, `maxBytes` bytes. */
export function requestGroups(fileSizes: readonly number[], maxFiles: number, maxBytes: number): number[][] {
  const groups: number[][] = [];
  let current: number[] = [];
  let bytes = 0;
  fileSizes.forEach((size, index) => {
    if (current.length > 0 && (current.length >= maxFiles || bytes + size > maxBytes)) {
      groups.push(current);
      current = [];
      bytes = 0;
    }
    current.push(index);
    bytes += size;
  });
  if (current.length > 0) groups.push(current);
  return groups;
}
