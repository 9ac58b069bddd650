import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeftIcon } from './icons';

/** Title row of an in-app view, with the way back to the dashboard. */
export function ViewHeader({ title, subtitle, actions }: { title: string; subtitle?: string; actions?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-end gap-3">
      <div className="min-w-0 flex-1">
        <Link
          to="/"
          className="-mt-2.5 inline-flex min-h-11 items-center gap-1 text-sm font-medium text-slate-600 hover:text-slate-800 sm:mt-0 sm:mb-2 sm:min-h-0"
        >
          <ArrowLeftIcon className="size-4" /> Dashboard
        </Link>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        {subtitle && <p className="mt-1 text-sm text-slate-500">{subtitle}</p>}
      </div>
      {actions}
    </div>
  );
}
