import type { ReactNode } from 'react';
import { cn } from '../lib/cn';

/**
 * How far something got, as a bar read out by its label: `percent` (0-100) is what is announced; `shown`, what is
 * drawn (a sliver at least, say, so a started upload never looks empty).
 */
export function ProgressBar({
  label,
  percent,
  shown = percent,
  fill = 'bg-indigo-500',
  className,
}: {
  label: string;
  percent: number;
  shown?: number;
  /** The filled part's colour class. */
  fill?: string;
  /** The track's margin and the like. */
  className?: string;
}) {
  return (
    <ProgressTrack label={label} percent={percent} className={cn('h-2 overflow-hidden rounded-full bg-slate-100', className)}>
      <div className={cn('h-full rounded-full transition-[width] duration-300', fill)} style={{ width: `${shown}%` }} />
    </ProgressTrack>
  );
}

/** A progress bar's track as read out: its label and `percent` (0-100); what is drawn in it is the caller's. */
export function ProgressTrack({
  label,
  percent,
  className,
  children,
}: {
  label: string;
  percent: number;
  className: string;
  children: ReactNode;
}) {
  return (
    <div role="progressbar" aria-label={label} aria-valuenow={percent} aria-valuemin={0} aria-valuemax={100} className={className}>
      {children}
    </div>
  );
}
