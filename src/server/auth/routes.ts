import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountPaths, resetPasswordBody, resetPasswordResponse } from '@shared/contracts/account';
import type { AccountServices } from './account-services';
import { withoutSessionTokens } from './auth-answer';
import { authBodyProblem } from './auth-body-check';
import { isServedAuthEndpoint } from './auth-endpoints';
import { canonicalAuthPath } from './auth-path';
import { routeDoc } from '../http/route-doc';

const accountDoc = routeDoc(['account']);

const rateLimitedMessage = 'Too many attempts. Please wait a minute and try again.';

export interface AuthRouteDeps {
  accounts: AccountServices;
}

/** Better Auth's own answers carry `code` and `message` at the top; ours add the one error shape beside them. */
function sendAuthError(reply: FastifyReply, status: number, code: string, message: string) {
  return reply.status(status).send({ code, message, error: { code, message } });
}

export async function authRoutesPlugin(app: FastifyInstance, deps: AuthRouteDeps) {
  const { auth, checkAuthAttempt, lookUpSession, passwordReset } = deps.accounts;

  async function enforceRateLimit(request: FastifyRequest, reply: FastifyReply, path: string): Promise<boolean> {
    const session = path.toLowerCase() === '/api/auth/change-password' ? await lookUpSession(request.headers.cookie) : null;
    const verdict = await checkAuthAttempt({
      method: request.method,
      path,
      ip: request.ip,
      body: request.body,
      accountId: session?.kind === 'valid' ? session.user.id : null,
    });
    if (verdict.allowed) return true;
    request.log.warn({ path }, 'auth rate limit hit');
    await sendAuthError(reply.header('retry-after', String(verdict.retryAfterSeconds)), 429, 'RATE_LIMITED', rateLimitedMessage);
    return false;
  }

  // Better Auth speaks Web Request/Response: convert Fastify's request and back, as its docs show.
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    async handler(request, reply) {
      // Better Auth routes on the normalised path: a dot segment or escape would slip past the limiter.
      const path = canonicalAuthPath(request.url);
      if (!path || !isServedAuthEndpoint(request.method, path)) return sendAuthError(reply, 404, 'NOT_FOUND', 'Not found');
      const problem = authBodyProblem(path, request.body);
      if (problem) return sendAuthError(reply, 400, 'BAD_REQUEST', problem);
      if (!(await enforceRateLimit(request, reply, path))) return reply;
      const url = new URL(request.url, `${request.protocol}://${request.headers.host}`);
      const headers = new Headers();
      for (const [key, value] of Object.entries(request.headers)) {
        if (value !== undefined) headers.append(key, Array.isArray(value) ? value.join(', ') : String(value));
      }
      const hasBody = request.method !== 'GET' && request.body !== undefined;
      if (hasBody) headers.set('content-type', 'application/json');
      const response = await auth.handler(
        new Request(url, { method: request.method, headers, body: hasBody ? JSON.stringify(request.body) : undefined }),
      );
      // A sign-out, password change, profile change or revocation may have ended or changed sessions this process
      // trusts for a few seconds: forget them all (rare calls; the next request of each reads its session again).
      if (request.method !== 'GET') lookUpSession.forgetCachedSessions();
      reply.status(response.status);
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
      });
      const cookies = response.headers.getSetCookie();
      const text = withoutSessionTokens(response.body ? await response.text() : null);
      if (url.pathname === '/api/auth/sign-up/email' && response.ok) {
        // The spec returns a new account to the sign-in screen: end the session sign-up opened.
        await endSession(cookies);
        return reply.send(text);
      }
      for (const cookie of cookies) reply.header('set-cookie', cookie);
      return reply.send(text);
    },
  });

  async function endSession(setCookies: string[]) {
    const cookie = setCookies.map((c) => c.split(';')[0]).join('; ');
    if (cookie) await auth.api.signOut({ headers: new Headers({ cookie }) });
  }

  const typed = app.withTypeProvider<ZodTypeProvider>();

  // Set New Password: reset with the e-mailed token, then sign the user in (the flow goes on to the dashboard).
  typed.post(
    accountPaths.resetPassword,
    accountDoc('Set a new password with a reset token and sign in', { body: resetPasswordBody, response: { 200: resetPasswordResponse } }),
    async (request, reply) => {
      if (!(await enforceRateLimit(request, reply, accountPaths.resetPassword))) return reply;
      const { token, newPassword } = request.body;
      const signIn = await passwordReset.resetAndSignIn(token, newPassword);
      lookUpSession.forgetCachedSessions(); // the reset revoked the account's other sessions
      for (const cookie of signIn.cookies) reply.header('set-cookie', cookie);
      return { status: true, signedIn: signIn.signedIn };
    },
  );
}
