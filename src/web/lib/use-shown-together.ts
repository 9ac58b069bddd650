import { useState } from 'react';

/** A query's answer, and whether it is the previous one kept while the new is read (TanStack's placeholderData). */
interface Read<T> {
  data: T | undefined;
  isPlaceholderData: boolean;
}

/**
 * Two queries' answers as last seen together. After a change both are read again and come in one after the other:
 * while either is still the previous answer, both stay as they were shown, so what they draw moves once, not twice
 * (a button under a finger included).
 */
export function useShownTogether<A, B>(a: Read<A>, b: Read<B>): readonly [A | undefined, B | undefined] {
  const [shown, setShown] = useState<readonly [A | undefined, B | undefined]>(() => [a.data, b.data]);
  if (a.isPlaceholderData || b.isPlaceholderData) return shown;
  // Kept the React way for a value from an earlier render: set during render, read at once.
  if (shown[0] !== a.data || shown[1] !== b.data) setShown([a.data, b.data]);
  return [a.data, b.data];
}
