import type { FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { AppError } from '../../shared/errors';
import type { Auth } from './auth';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
  }
}

/** A preHandler that lets only signed-in requests through and puts the user on `request.user`. */
export function requireUser(auth: Auth) {
  return async function requireSignedIn(request: FastifyRequest, _reply: FastifyReply) {
    const found = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    if (!found) throw new AppError('UNAUTHENTICATED', 'You are signed out. Please sign in again.');
    request.user = { id: found.user.id, email: found.user.email, name: found.user.name };
  };
}

/** The signed-in user of a request that passed requireUser. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError('UNAUTHENTICATED', 'You are signed out. Please sign in again.');
  return request.user;
}
