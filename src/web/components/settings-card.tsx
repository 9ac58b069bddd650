import { useId, type ReactNode } from 'react';

/** A card of settings saved as one: its heading, what the settings do, then the form and what follows it. */
export function SettingsCard({ title, intro, testId, children }: { title: string; intro: ReactNode; testId: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:p-5" data-testid={testId}>
      <h2 id={headingId} className="text-base font-semibold text-slate-900">
        {title}
      </h2>
      <p className="mt-1 text-sm text-slate-500">{intro}</p>
      {children}
    </section>
  );
}
