import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSelection } from './use-selection';

const ids = (s: ReadonlySet<string>) => [...s].sort();

describe('listing selection', () => {
  it('with defaultAll starts with everything selectable selected, including items that arrive later', () => {
    const { result, rerender } = renderHook(({ selectable }) => useSelection(selectable, { defaultAll: true }), {
      initialProps: { selectable: ['a', 'b'] },
    });
    expect(ids(result.current.selected)).toEqual(['a', 'b']);
    act(() => result.current.toggle('a'));
    expect(ids(result.current.selected)).toEqual(['b']);
    rerender({ selectable: ['a', 'b', 'c'] });
    expect(ids(result.current.selected)).toEqual(['b', 'c']);
    act(() => result.current.setAll(false));
    expect(ids(result.current.selected)).toEqual([]);
    act(() => result.current.toggle('c'));
    expect(ids(result.current.selected)).toEqual(['c']);
    act(() => result.current.clear());
    expect(ids(result.current.selected)).toEqual(['a', 'b', 'c']);
  });

  it('without it starts empty and clear empties it', () => {
    const { result } = renderHook(() => useSelection(['a', 'b']));
    expect(ids(result.current.selected)).toEqual([]);
    act(() => result.current.setAll(true));
    expect(ids(result.current.selected)).toEqual(['a', 'b']);
    act(() => result.current.clear());
    expect(ids(result.current.selected)).toEqual([]);
  });
});
