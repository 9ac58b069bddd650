import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';

export interface QueryOfChangeOptions<T> {
  /** The key without the change: the query's key is this key, then the change's parts. */
  queryKey: QueryKey;
  /** What the answer follows (an item's last change, a connection's version): a new change is read again. */
  change: readonly string[];
  queryFn: (context: { signal: AbortSignal }) => Promise<T>;
  staleTime?: number;
}

const sameChange = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((part, i) => part === b[i]);

/**
 * A query read again at each change of what it follows, the last answer shown meanwhile. A read on its way is let
 * land before the newest change is read: moved to a new key at once, TanStack cancels the read of the key left (its
 * signal read, no one watching it) and keeps no answer of it, so changes closer together than one read (an item's
 * events on a loaded server) kept a card without any answer, for ever (a readiness not shown in 19 s, CI).
 */
export function useQueryOfChange<T>({ queryKey, change, queryFn, staleTime }: QueryOfChangeOptions<T>) {
  const [reading, setReading] = useState(change);
  const query = useQuery({
    queryKey: [...queryKey, ...reading],
    queryFn,
    staleTime,
    placeholderData: keepPreviousData,
  });
  const answered = (query.isSuccess && !query.isPlaceholderData) || query.isError;
  // Kept the React way for a value from an earlier render: set during render, read at once.
  if (answered && !sameChange(reading, change)) setReading(change);
  return query;
}
