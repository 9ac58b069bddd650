import type { ComponentProps } from 'react';

/**
 * Lines of text as a list, one item each, keyed by its text (the lines are distinct: reasons, problems, steps).
 * `className` (bullets, indent, type) and the rest, an aria-label or a test id, go on the list itself.
 */
export function LineList({ lines, ...list }: { lines: readonly string[] } & Omit<ComponentProps<'ul'>, 'children'>) {
  return (
    <ul {...list}>
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}
