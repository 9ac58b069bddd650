import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { notAddedWords, usePickedFiles } from './use-picked-files';

vi.mock('../compression/compression-pool', () => ({ createPreview: async () => Promise.reject(new Error('no workers here')) }));

/** A .txt dropped on the upload dialog was left out without a word. */
describe('files that are not photos', () => {
  it('are not added, and the dialog is told which ones', () => {
    const { result } = renderHook(() => usePickedFiles());
    act(() => {
      result.current.addFiles([
        new File(['x'], 'notes.txt', { type: 'text/plain' }),
        new File(['x'], 'IMG_1.jpg', { type: 'image/jpeg' }),
        new File(['x'], 'IMG_2.HEIC', { type: '' }),
      ]);
    });
    expect(result.current.files.map((f) => f.file.name)).toEqual(['IMG_1.jpg', 'IMG_2.HEIC']);
    expect(result.current.notAdded).toEqual(['notes.txt']);
    // The next pick of photos only clears it.
    act(() => {
      result.current.addFiles([new File(['x'], 'IMG_3.png', { type: 'image/png' })]);
    });
    expect(result.current.notAdded).toEqual([]);
  });

  it('are named with the reason', () => {
    expect(notAddedWords(['notes.txt'])).toBe('notes.txt was not added: only photos (JPEG, PNG, WebP or HEIC) can be uploaded.');
    expect(notAddedWords(['a.txt', 'b.pdf', 'c.doc', 'd.zip', 'e.mov'])).toBe(
      'a.txt, b.pdf, c.doc and 2 more were not added: only photos (JPEG, PNG, WebP or HEIC) can be uploaded.',
    );
  });
});
