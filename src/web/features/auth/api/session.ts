import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

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

export function getSession(): Promise<Session | null> {
  return apiRequest<Session | null>('/api/auth/get-session');
}

/** The signed-in user, refreshed every 30 s (spec §9) so a session ended elsewhere shows the sign-in screen. */
export function useSession() {
  return useQuery({ queryKey: sessionQueryKey, queryFn: getSession, refetchInterval: 30_000, staleTime: 25_000 });
}
