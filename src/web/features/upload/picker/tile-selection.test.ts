import { describe, expect, it } from 'vitest';
import { clickTile, emptySelection, keepExisting, longPressTile, selectAll, toggleTile } from './tile-selection';

const order = ['a', 'b', 'c', 'd', 'e'];
const ids = (s: { selected: ReadonlySet<string> }) => [...s.selected].sort();
const plain = { toggle: false, range: false };

describe('tile selection', () => {
  it('a plain click selects only that tile, and clears it when clicked again', () => {
    let s = clickTile(emptySelection, order, 'b', plain);
    s = clickTile(s, order, 'c', plain);
    expect(ids(s)).toEqual(['c']);
    expect(ids(clickTile(s, order, 'c', plain))).toEqual([]);
  });

  it('Ctrl/Cmd+click toggles tiles in and out', () => {
    let s = clickTile(emptySelection, order, 'a', { toggle: true, range: false });
    s = clickTile(s, order, 'c', { toggle: true, range: false });
    expect(ids(s)).toEqual(['a', 'c']);
    expect(ids(clickTile(s, order, 'a', { toggle: true, range: false }))).toEqual(['c']);
  });

  it('Shift+click selects the range from the anchor, either direction', () => {
    const s = clickTile(emptySelection, order, 'd', plain);
    expect(ids(clickTile(s, order, 'b', { toggle: false, range: true }))).toEqual(['b', 'c', 'd']);
    expect(ids(clickTile(s, order, 'e', { toggle: false, range: true }))).toEqual(['d', 'e']);
  });

  it('Ctrl+Shift+click adds the range to what is selected', () => {
    let s = clickTile(emptySelection, order, 'a', plain);
    s = clickTile(s, order, 'c', { toggle: true, range: false });
    expect(ids(clickTile(s, order, 'e', { toggle: true, range: true }))).toEqual(['a', 'c', 'd', 'e']);
  });

  it('select all, checkbox toggle and dropping removed tiles', () => {
    const all = selectAll(order);
    expect(ids(all)).toEqual(order);
    const s = toggleTile(all, 'b');
    expect(ids(s)).toEqual(['a', 'c', 'd', 'e']);
    expect(ids(keepExisting(s, ['a', 'b']))).toEqual(['a']);
    expect(s.anchor).toBe('a');
    expect(keepExisting(s, ['b', 'c']).anchor).toBeNull();
  });

  it('a long-press starts selection mode on one tile, a later long-press adds the range from the anchor', () => {
    let s = longPressTile(emptySelection, order, 'b');
    expect(ids(s)).toEqual(['b']);
    s = toggleTile(s, 'e');
    s = longPressTile(s, order, 'c');
    expect(ids(s)).toEqual(['b', 'c', 'd', 'e']);
  });

  it('removing a tile keeps the range anchor on a tile that is still selected', () => {
    let s = toggleTile(emptySelection, 'a');
    s = toggleTile(s, 'c');
    s = toggleTile(s, 'a');
    expect(s.anchor).toBe('c');
    expect(ids(longPressTile(s, order, 'e'))).toEqual(['c', 'd', 'e']);
    s = toggleTile(s, 'c');
    expect(s.anchor).toBeNull();
  });
});
