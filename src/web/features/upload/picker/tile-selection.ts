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
 * tile (or clears it when it was the only one selected).
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

/** The checkbox on a tile (touch and keyboard): toggles it and makes it the anchor. */
export function toggleTile(selection: Selection, id: string): Selection {
  const selected = new Set(selection.selected);
  if (selected.has(id)) selected.delete(id);
  else selected.add(id);
  return { selected, anchor: id };
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
