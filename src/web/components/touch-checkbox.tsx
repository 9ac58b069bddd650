import type { InputHTMLAttributes } from 'react';
import { cn } from '../lib/cn';

/**
 * A 20 px checkbox inside a 44x44 px hit area (WCAG 2.5.5 target size on phones); negative margins keep the
 * layout as if it were only the box.
 */
export function TouchCheckbox({ className, ...input }: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  return (
    <label data-testid="touch-target" className={cn('-m-3 flex size-11 shrink-0 cursor-pointer items-center justify-center', className)}>
      <input type="checkbox" className="size-5 rounded border-slate-300 accent-indigo-600 disabled:opacity-40" {...input} />
    </label>
  );
}
