import type { ComponentProps } from 'react';
import { AppShell } from './app-shell';
import { MoneyLocale } from './money-locale';
import { SessionProviders } from './session-providers';

/**
 * The signed-in frame, loaded as one chunk after sign-in: the seller's session providers (camera batch, upload
 * queue and its indicator) around the app shell, whose screens write amounts in the seller's locale.
 */
export function SignedInFrame({ user, children }: ComponentProps<typeof AppShell>) {
  return (
    <SessionProviders userId={user.id}>
      <AppShell user={user}>
        <MoneyLocale userId={user.id}>{children}</MoneyLocale>
      </AppShell>
    </SessionProviders>
  );
}
