import { useEffect, useRef, type ReactNode } from 'react';
import { cn } from '../lib/cn';

export type AlertTone = 'error' | 'success' | 'info' | 'warning';

/** The colours of each tone (the toasts use them too). */
export const alertTones: Record<AlertTone, string> = {
  error: 'border-red-200 bg-red-50 text-red-800',
  success: 'border-emerald-200 bg-emerald-50 text-emerald-800',
  info: 'border-indigo-200 bg-indigo-50 text-indigo-800',
  warning: 'border-amber-200 bg-amber-50 text-amber-900',
};

export function Alert({
  tone,
  title,
  children,
  action,
  className,
  reveal = false,
}: {
  tone: AlertTone;
  title?: string;
  children?: ReactNode;
  action?: ReactNode;
  className?: string;
  /**
   * Brought into view when it appears: a form's answer to Save, shown at the foot of a long sheet, is below the fold
   * on a phone, where the seller would see nothing happen.
   */
  reveal?: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (reveal) ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [reveal]);
  return (
    <div
      ref={ref}
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn('flex items-start gap-3 rounded-xl border px-4 py-3 text-sm', alertTones[tone], className)}
    >
      <div className="min-w-0 flex-1">
        {title && <p className="font-semibold">{title}</p>}
        {children && <div className={cn(title && 'mt-0.5')}>{children}</div>}
      </div>
      {action}
    </div>
  );
}
