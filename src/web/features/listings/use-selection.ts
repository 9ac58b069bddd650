import { useCallback, useMemo, useState } from 'react';

/** A set of selected ids, kept to those still selectable. */
export function useSelection(selectable: string[]) {
  const [picked, setPicked] = useState<Set<string>>(() => new Set());
  const allowed = useMemo(() => new Set(selectable), [selectable]);
  const selected = useMemo(() => new Set([...picked].filter((id) => allowed.has(id))), [picked, allowed]);
  const toggle = useCallback((id: string) => {
    setPicked((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);
  const setAll = useCallback((select: boolean) => setPicked(select ? new Set(allowed) : new Set()), [allowed]);
  const clear = useCallback(() => setPicked(new Set()), []);
  return { selected, toggle, setAll, clear, total: allowed.size };
}

export type Selection = ReturnType<typeof useSelection>;
