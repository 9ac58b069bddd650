import { useCallback, useMemo, useState, type MouseEvent } from 'react';
import { clickTile, emptySelection, keepExisting, longPressTile, selectAll, toggleTile, type Selection } from './tile-selection';
import type { PickedFile } from './use-picked-files';

/**
 * Which picked photos are selected (click, Ctrl/Cmd+click, Shift+click, checkbox; on touch each tap toggles and a
 * long-press starts selection or adds a range), kept to photos still picked.
 */
export function useTileSelection(files: readonly PickedFile[]) {
  const [rawSelection, setSelection] = useState<Selection>(emptySelection);
  // Same identity while only SKUs change, so the memoised tiles and their handlers stay put.
  const orderKey = files.map((f) => f.id).join('|');
  const order = useMemo(() => (orderKey ? orderKey.split('|') : []), [orderKey]);
  const selection = useMemo(() => keepExisting(rawSelection, order), [rawSelection, order]);
  const onTileClick = useCallback(
    (id: string, event: MouseEvent<HTMLButtonElement>, touch: boolean) =>
      setSelection((s) =>
        clickTile(keepExisting(s, order), order, id, { toggle: touch || event.ctrlKey || event.metaKey, range: event.shiftKey }),
      ),
    [order],
  );
  const onLongPress = useCallback((id: string) => setSelection((s) => longPressTile(keepExisting(s, order), order, id)), [order]);
  const onToggle = useCallback((id: string) => setSelection((s) => toggleTile(keepExisting(s, order), id)), [order]);
  const selectEvery = useCallback(() => setSelection(selectAll(order)), [order]);
  const clear = useCallback(() => setSelection(emptySelection), []);
  return { order, selected: selection.selected, onTileClick, onLongPress, onToggle, selectAll: selectEvery, clear };
}
