/** Pure selection rules of the thumbnail grid (file-manager conventions), kept apart for unit tests. */
export interface Selection {
  selected: ReadonlySet<string>;
  /** Where a Shift+click range starts: the last tile clicked without Shift. */
  anchor: string | null;
}

export interface ClickModifiers {
  toggle: boolean;
  range: boolean;
}

export const emptySelection: Selection = { selected: new Set(), anchor: null };

/**
 * Ctrl/Cmd+click toggles one tile; Shift+click adds the range from the anchor; a plain click selects only that
 * tile (or clears it when it was the only one selected). On touch every tap toggles (selection mode).
 */
export function clickTile(selection: Selection, order: readonly string[], id: string, modifiers: ClickModifiers): Selection {
  if (modifiers.range && selection.anchor !== null && order.includes(selection.anchor)) {
    const [anchorAt, clickedAt] = [order.indexOf(selection.anchor), order.indexOf(id)];
    const [from, to] = [Math.min(anchorAt, clickedAt), Math.max(anchorAt, clickedAt)];
    const selected = new Set(modifiers.toggle ? selection.selected : []);
    for (const tile of order.slice(from, to + 1)) selected.add(tile);
    return { selected, anchor: selection.anchor };
  }
  if (modifiers.toggle) return toggleTile(selection, id);
  const onlyThis = selection.selected.size === 1 && selection.selected.has(id);
  return { selected: onlyThis ? new Set() : new Set([id]), anchor: id };
}

/**
 * The checkbox on a tile (touch and keyboard): toggles it. An added tile becomes the anchor; removing a tile keeps
 * the anchor on a tile that is still selected (the last one added), so a range never starts from an unselected one.
 */
export function toggleTile(selection: Selection, id: string): Selection {
  const selected = new Set(selection.selected);
  if (!selected.delete(id)) {
    selected.add(id);
    return { selected, anchor: id };
  }
  const anchor = selection.anchor !== null && selected.has(selection.anchor) ? selection.anchor : ([...selected].at(-1) ?? null);
  return { selected, anchor };
}

/**
 * A touch long-press (phone galleries): with nothing selected it selects that tile and starts selection mode;
 * with an anchor it adds the range from the anchor to that tile.
 */
export function longPressTile(selection: Selection, order: readonly string[], id: string): Selection {
  if (selection.selected.size === 0) return { selected: new Set([id]), anchor: id };
  if (selection.anchor === null) return { selected: new Set([...selection.selected, id]), anchor: id };
  return clickTile(selection, order, id, { toggle: true, range: true });
}

export function selectAll(order: readonly string[]): Selection {
  return { selected: new Set(order), anchor: order[0] ?? null };
}

/** Drops tiles that no longer exist (uploaded or removed). */
export function keepExisting(selection: Selection, order: readonly string[]): Selection {
  const present = new Set(order);
  const selected = new Set([...selection.selected].filter((id) => present.has(id)));
  return { selected, anchor: selection.anchor && present.has(selection.anchor) ? selection.anchor : null };
}
