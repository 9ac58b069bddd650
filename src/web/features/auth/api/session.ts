import { useQuery } from '@tanstack/react-query';
import { signedOutMarketplacePaths } from '@shared/contracts/web-paths';
import { paths } from '@/app/config/paths';
import { apiRequest } from '@/lib/api-client';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
}

export interface Session {
  user: SessionUser;
  session: { expiresAt: string };
}

export const sessionQueryKey = ['session'] as const;

const sessionPath = '/api/auth/get-session';

/** Pages outside the signed-in gate: they check no session when they open. */
const ungatedPaths: string[] = [paths.resetPassword, ...signedOutMarketplacePaths, paths.envCheck];

/**
 * index.html preloads the session answer while the app's code downloads (one round trip less on a phone's
 * network). This takes that answer as the page starts, on every page, so no later check can be handed it stale
 * (the browser keeps an unused preload for the page's life). Only a gated page's first check uses it: that check is
 * the gate's own, made as the page opens.
 */
let preloaded: Promise<Session | null> | undefined =
  typeof window !== 'undefined' && typeof document !== 'undefined' && document.querySelector(`link[rel="preload"][href="${sessionPath}"]`)
    ? apiRequest<Session | null>(sessionPath)
    : undefined;
// A failure is the gate's to show (through the query), never an unhandled rejection.
void preloaded?.catch(() => undefined);
if (ungatedPaths.includes(typeof window === 'undefined' ? '' : window.location.pathname)) preloaded = undefined;

export function getSession(): Promise<Session | null> {
  const early = preloaded;
  preloaded = undefined;
  return early ?? apiRequest<Session | null>(sessionPath);
}

/** The signed-in user, refreshed every 30 s so a session ended elsewhere shows the sign-in screen. */
export function useSession() {
  return useQuery({ queryKey: sessionQueryKey, queryFn: getSession, refetchInterval: 30_000, staleTime: 25_000 });
}
