import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useShownTogether } from './use-shown-together';

type Reads = { a: { data: string | undefined; isPlaceholderData: boolean }; b: { data: number | undefined; isPlaceholderData: boolean } };

const read = <T>(data: T | undefined, isPlaceholderData = false) => ({ data, isPlaceholderData });

describe('useShownTogether', () => {
  it('shows both answers as they come the first time', () => {
    const { result, rerender } = renderHook(({ a, b }: Reads) => useShownTogether(a, b), {
      initialProps: { a: read<string>(undefined), b: read<number>(undefined) },
    });
    expect(result.current).toEqual([undefined, undefined]);
    rerender({ a: read('ready'), b: read<number>(undefined) });
    expect(result.current).toEqual(['ready', undefined]);
  });

  it('read again, keeps both as they were until neither is the previous answer, then shows both new ones at once', () => {
    const { result, rerender } = renderHook(({ a, b }: Reads) => useShownTogether(a, b), {
      initialProps: { a: read('red'), b: read(1) },
    });
    // A Quick Fix: both read again, the previous answers kept meanwhile.
    rerender({ a: read('red', true), b: read(1, true) });
    expect(result.current).toEqual(['red', 1]);
    // The readiness comes first: not shown yet, the scores are still the old ones.
    rerender({ a: read('green'), b: read(1, true) });
    expect(result.current).toEqual(['red', 1]);
    rerender({ a: read('green'), b: read(2) });
    expect(result.current).toEqual(['green', 2]);
    // And it stays there.
    rerender({ a: read('green'), b: read(2) });
    expect(result.current).toEqual(['green', 2]);
  });
});
