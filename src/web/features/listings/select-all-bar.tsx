import type { ReactNode } from 'react';

/** A section's select-all checkbox with its bulk action. */
export function SelectAllBar({
  label,
  total,
  selected,
  onToggleAll,
  children,
  testId,
}: {
  label: string;
  total: number;
  selected: number;
  onToggleAll(select: boolean): void;
  children?: ReactNode;
  testId?: string;
}) {
  const all = total > 0 && selected === total;
  return (
    <div
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white px-4 py-3 shadow-sm sm:flex-row sm:items-center"
      data-testid={testId}
    >
      <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-3 gap-y-1">
        <label className="flex min-h-11 cursor-pointer items-center gap-2.5 text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            className="size-5 rounded border-slate-300 accent-indigo-600"
            checked={all}
            ref={(el) => {
              if (el) el.indeterminate = selected > 0 && !all;
            }}
            disabled={total === 0}
            onChange={(e) => onToggleAll(e.target.checked)}
          />
          {all ? 'Deselect All' : 'Select All'} <span className="font-normal text-slate-500">{label}</span>
        </label>
        <span className="text-sm text-slate-500" aria-live="polite">
          {selected} of {total} selected
        </span>
      </div>
      <div className="flex flex-wrap gap-2 empty:hidden [&>button]:w-full sm:[&>button]:w-auto">{children}</div>
    </div>
  );
}
