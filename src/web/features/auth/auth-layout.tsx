import type { ReactNode } from 'react';
import { apiChannels, channelNames } from '@shared/domain/channel-listing';
import { Card } from '@/components/card';
import { Logo } from '@/components/logo';

/** Every marketplace the app publishes to, in words: "eBay, Etsy, Shopify and Depop". */
const marketplaces = apiChannels
  .map((channel) => channelNames[channel])
  .join(', ')
  .replace(/, ([^,]+)$/, ' and $1');

/** The centred card the signed-out screens share. */
export function AuthLayout({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-gradient-to-b from-indigo-50 via-slate-50 to-slate-50 px-4 py-10">
      <div className="mb-6 flex items-center gap-2.5">
        <Logo className="size-10" />
        <span className="text-2xl font-bold tracking-tight text-slate-900">Resale Studio</span>
      </div>
      <Card className="w-full max-w-md p-6 sm:p-8">
        <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
        {subtitle && <p className="mt-1 text-sm text-slate-500">{subtitle}</p>}
        <div className="mt-6">{children}</div>
      </Card>
      <p className="mt-6 max-w-sm text-center text-xs text-slate-400">{`Photograph it, let AI write the listing, publish to ${marketplaces}.`}</p>
    </main>
  );
}
