import { describe, expect, it } from 'vitest';
import { putAll, storageFull, type Storage } from './storage';

describe('putAll', () => {
  it('answers a failure only once every write has settled, so a clean-up after it finds every file', async () => {
    const landed: string[] = [];
    const storage = {
      async put(key: string) {
        if (key === 'thumb') throw storageFull();
        await new Promise((resolve) => setTimeout(resolve, 50));
        landed.push(key);
      },
    } as unknown as Storage;
    const failure = await putAll(storage, [
      { key: 'display', bytes: Buffer.from('d'), contentType: 'image/jpeg' },
      { key: 'thumb', bytes: Buffer.from('t'), contentType: 'image/webp' },
    ]);
    expect(failure).toMatchObject({ code: 'INSUFFICIENT_STORAGE' });
    // The slow write had landed before the answer: a delete now removes it.
    expect(landed).toEqual(['display']);
  });

  it('answers null when every write succeeded', async () => {
    const storage = { put: async () => undefined } as unknown as Storage;
    expect(await putAll(storage, [{ key: 'a', bytes: Buffer.from('a'), contentType: 'image/jpeg' }])).toBeNull();
  });
});
