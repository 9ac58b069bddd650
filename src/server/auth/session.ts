import type { FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { AppError } from '@shared/errors';
import type { AccountServices } from './account-services';
import type { SessionUser } from './session-lookup';

export type { SessionUser } from './session-lookup';

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
  }
}

const signedOut = () => new AppError('UNAUTHENTICATED', 'You are signed out. Please sign in again.');

/**
 * A request hook (onRequest: before the body is read) that lets only signed-in requests through and puts the user on `request.user`. A live session is
 * checked by the lean lookup; anything else it cannot settle alone goes through Better Auth's getSession.
 */
export function requireUser({ auth, lookUpSession }: Pick<AccountServices, 'auth' | 'lookUpSession'>) {
  return async function requireSignedIn(request: FastifyRequest, _reply: FastifyReply) {
    const found = await lookUpSession(request.headers.cookie);
    if (found.kind === 'valid') {
      request.user = found.user;
      return;
    }
    if (found.kind === 'none') throw signedOut();
    const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    if (!session) throw signedOut();
    request.user = { id: session.user.id, email: session.user.email, name: session.user.name };
  };
}

/** The signed-in user of a request that passed requireUser. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw signedOut();
  return request.user;
}
