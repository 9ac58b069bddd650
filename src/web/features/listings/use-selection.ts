import { useCallback, useMemo, useState } from 'react';

/**
 * `all`: everything selectable except `ids` (so items that arrive later are selected too); otherwise only `ids`.
 */
interface Picked {
  all: boolean;
  ids: ReadonlySet<string>;
}

/**
 * A set of selected ids, kept to those still selectable. With `defaultAll` everything selectable starts selected
 * (and comes back to that after `clear`), until the seller deselects.
 */
export function useSelection(selectable: string[], options: { defaultAll?: boolean } = {}) {
  const defaultAll = options.defaultAll ?? false;
  const [picked, setPicked] = useState<Picked>(() => ({ all: defaultAll, ids: new Set() }));
  const allowed = useMemo(() => new Set(selectable), [selectable]);
  const selected = useMemo(
    () => new Set(picked.all ? [...allowed].filter((id) => !picked.ids.has(id)) : [...picked.ids].filter((id) => allowed.has(id))),
    [picked, allowed],
  );
  const toggle = useCallback((id: string) => {
    setPicked((current) => {
      const ids = new Set(current.ids);
      if (ids.has(id)) ids.delete(id);
      else ids.add(id);
      return { all: current.all, ids };
    });
  }, []);
  const setAll = useCallback((select: boolean) => setPicked({ all: select, ids: new Set() }), []);
  const clear = useCallback(() => setPicked({ all: defaultAll, ids: new Set() }), [defaultAll]);
  return { selected, toggle, setAll, clear, total: allowed.size };
}

export type Selection = ReturnType<typeof useSelection>;
