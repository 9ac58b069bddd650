import type { ReactNode } from 'react';

/** A small-caps heading over one part of a listing. */
export function DetailsSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h4 className="text-xs font-semibold uppercase tracking-wide text-slate-500">{title}</h4>
      <div className="mt-1.5">{children}</div>
    </section>
  );
}
