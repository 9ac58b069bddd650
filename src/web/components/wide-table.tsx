import type { ReactNode } from 'react';

/**
 * A table for a wide screen only (md and up; a phone shows the same rows as cards): a white card that scrolls
 * sideways, a grey uppercase head row and divided rows. `head`: the head row's cells; `children`: the body's rows.
 */
export function WideTable({ testId, head, children }: { testId: string; head: ReactNode; children: ReactNode }) {
  return (
    <div className="hidden overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm md:block">
      <table className="w-full text-sm" data-testid={testId}>
        <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
          <tr>{head}</tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}
