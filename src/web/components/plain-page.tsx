import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from './logo';

/** Frame for the standalone pages (diagnostics, popup callback) that live outside the signed-in app. */
export function PlainPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-14 max-w-3xl items-center gap-2.5 px-4">
          <Link to="/" className="flex min-h-11 items-center gap-2">
            <Logo className="size-7" />
            <span className="font-bold tracking-tight text-slate-900">Resale Studio</span>
          </Link>
        </div>
      </header>
      <main className="mx-auto max-w-3xl px-4 py-8">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        <div className="mt-6">{children}</div>
      </main>
    </div>
  );
}
