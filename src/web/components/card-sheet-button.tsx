import { useState, type ReactNode } from 'react';
import { Sheet, SheetHeader } from './sheet';

/**
 * On an item's card: a small underlined button (`label`) that opens a sheet headed `title`; the sheet's body
 * (`children`) is mounted only while it is open.
 */
export function CardSheetButton({
  label,
  ariaLabel,
  testId,
  title,
  children,
}: {
  label: string;
  ariaLabel: string;
  testId: string;
  title: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={ariaLabel}
        data-testid={testId}
        className="inline-flex min-h-11 items-center self-start rounded-lg px-1 text-xs font-semibold text-slate-600 underline decoration-slate-300 underline-offset-2 hover:text-indigo-700 focus-visible:outline-2 focus-visible:outline-indigo-600 sm:min-h-0 sm:py-0.5"
      >
        {label}
      </button>
      {open && (
        <Sheet open onOpenChange={setOpen} aria-describedby={undefined}>
          <SheetHeader title={title} />
          {children}
        </Sheet>
      )}
    </>
  );
}
