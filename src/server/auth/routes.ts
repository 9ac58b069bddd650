import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, gt } from 'drizzle-orm';
import { APIError } from 'better-auth/api';
import { resetPasswordBody, resetPasswordResponse } from '../../shared/contracts/account';
import { AppError } from '../../shared/errors';
import type { Db } from '../db/client';
import { user, verification } from '../db/schema';
import { hitRateLimit } from '../http/rate-limit-repo';
import type { Auth } from './auth';

/** Auth paths that guess passwords or send mail: limited per IP and per e-mail. */
const limitedPaths = new Set(['/api/auth/sign-in/email', '/api/auth/sign-up/email', '/api/auth/request-password-reset', '/api/account/reset-password']);
const PER_EMAIL_LIMIT = 5;
const WINDOW_MS = 60_000;
const rateLimitedMessage = 'Too many attempts. Please wait a minute and try again.';

export interface AuthRouteDeps {
  auth: Auth;
  db: Db;
  perIpLimit: number;
}

export async function authRoutes(app: FastifyInstance, deps: AuthRouteDeps) {
  const { auth, db } = deps;

  async function enforceRateLimit(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const path = request.url.split('?')[0];
    if (request.method !== 'POST' || !limitedPaths.has(path)) return true;
    const checks = [hitRateLimit(db, `ip:${request.ip}:${path}`, deps.perIpLimit, WINDOW_MS)];
    const email = (request.body as { email?: unknown } | undefined)?.email;
    if (typeof email === 'string' && email.length <= 320) {
      checks.push(hitRateLimit(db, `email:${email.trim().toLowerCase()}:${path}`, PER_EMAIL_LIMIT, WINDOW_MS));
    }
    const verdicts = await Promise.all(checks);
    const blocked = verdicts.find((v) => !v.allowed);
    if (!blocked) return true;
    request.log.warn({ path }, 'auth rate limit hit');
    await reply
      .status(429)
      .header('retry-after', String(blocked.retryAfterSeconds))
      .send({ code: 'RATE_LIMITED', message: rateLimitedMessage, error: { code: 'RATE_LIMITED', message: rateLimitedMessage } });
    return false;
  }

  // Better Auth speaks Web Request/Response: convert Fastify's request and back, as its docs show.
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    async handler(request, reply) {
      if (!(await enforceRateLimit(request, reply))) return reply;
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
      reply.status(response.status);
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
      });
      const cookies = response.headers.getSetCookie();
      const text = response.body ? await response.text() : null;
      if (url.pathname === '/api/auth/sign-up/email' && response.ok) {
        // The spec returns a new account to the sign-in screen: end the session sign-up opened.
        await endSession(cookies);
        return reply.send(text ? JSON.stringify({ ...JSON.parse(text), token: null }) : null);
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

  // Set New Password: reset with the e-mailed token, then sign the user in (the spec goes on to the dashboard).
  typed.post(
    '/api/account/reset-password',
    {
      schema: {
        tags: ['account'],
        summary: 'Set a new password with a reset token and sign in',
        body: resetPasswordBody,
        response: { 200: resetPasswordResponse },
      },
    },
    async (request, reply) => {
      if (!(await enforceRateLimit(request, reply))) return reply;
      const { token, newPassword } = request.body;
      const [owner] = await db
        .select({ email: user.email })
        .from(verification)
        .innerJoin(user, eq(user.id, verification.value))
        .where(and(eq(verification.identifier, `reset-password:${token}`), gt(verification.expiresAt, new Date())))
        .limit(1);
      if (!owner) throw new AppError('BAD_REQUEST', 'This reset link is invalid or has expired. Please request a new one.');
      try {
        await auth.api.resetPassword({ body: { token, newPassword } });
      } catch (err) {
        if (err instanceof APIError) throw new AppError('BAD_REQUEST', err.message || 'Could not reset the password');
        throw err;
      }
      const signIn = await auth.api.signInEmail({ body: { email: owner.email, password: newPassword }, asResponse: true });
      for (const cookie of signIn.headers.getSetCookie()) reply.header('set-cookie', cookie);
      return { status: true, signedIn: signIn.ok };
    },
  );
}

