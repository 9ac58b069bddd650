import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import type { Db } from '../db/client';
import { authSchema } from '../db/schema';
import { writeAuthLog } from './auth-log';
import { PASSWORD_MAX, PASSWORD_MIN } from '@shared/domain/password';

export const RESET_TOKEN_TTL_SECONDS = 60 * 60;

/**
 * Where the server is reached (config.ts reads it): PUBLIC_URL (or the default on PORT), ALLOWED_HOSTS, the LAN
 * addresses and whether it serves https. Auth takes these, not the whole Config, which imports every channel.
 */
export interface ServerAddresses {
  publicUrl: string;
  publicUrlSource: 'env' | 'default';
  allowedOrigins: string[];
  lanAddresses: string[];
  tls: { kind: 'off' | 'self-signed' | 'files' };
  port: number;
}

/** What Better Auth is set up from: the addresses, the app's secret and the mode the server runs in. */
export interface AuthSettings extends ServerAddresses {
  appSecret: string;
  env: 'development' | 'production' | 'test';
}

/**
 * Origins the browser may call us from: the public URL and the ALLOWED_HOSTS; when PUBLIC_URL is not set (a
 * laptop), also localhost, 127.0.0.1 and the machine's LAN addresses on PORT, so a phone on the same network
 * can sign up.
 */
export function trustedOrigins(config: ServerAddresses): string[] {
  const origins = new Set([config.publicUrl, ...config.allowedOrigins]);
  if (config.publicUrlSource === 'default') {
    const scheme = config.tls.kind === 'off' ? 'http' : 'https';
    for (const host of ['localhost', '127.0.0.1', ...config.lanAddresses]) origins.add(`${scheme}://${host}:${config.port}`);
  }
  return [...origins];
}

/** What auth needs of the mail adapter: send one message (compose.ts passes the configured mailer). */
export interface AuthMailer {
  send(message: { to: string; subject: string; text: string; html?: string }): Promise<void>;
}

export function createAuth(db: Db, config: AuthSettings, mailer: AuthMailer) {
  return betterAuth({
    appName: 'Resale Studio',
    database: drizzleAdapter(db, { provider: 'pg', schema: authSchema }),
    secret: config.appSecret,
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    trustedOrigins: trustedOrigins(config),
    // Our own limiter (per IP and per e-mail, stored in the database) guards the auth routes.
    rateLimit: { enabled: false },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    emailAndPassword: {
      enabled: true,
      // On, so a taken e-mail gets the provider's message; the sign-up route ends that first session at once.
      autoSignIn: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: RESET_TOKEN_TTL_SECONDS,
      sendResetPassword: async ({ user, url }) => {
        await mailer.send({
          to: user.email,
          subject: 'Reset your Resale Studio password',
          text: [
            'Someone asked to reset the password of your Resale Studio account.',
            '',
            `Set a new password here: ${url}`,
            '',
            'The link works once and expires in 1 hour. If you did not ask for it, ignore this e-mail.',
          ].join('\n'),
        });
      },
    },
    advanced: {
      // Checked whatever the process's NODE_ENV (Better Auth skips it when that is 'test'); only the test config
      // keeps that default, for the suites that post with a cookie and no Origin.
      disableOriginCheck: config.env === 'test' ? undefined : false,
      cookiePrefix: 'resale',
      useSecureCookies: config.publicUrl.startsWith('https://'),
      defaultCookieAttributes: { sameSite: 'lax', httpOnly: true },
    },
    logger: { disabled: config.env === 'test', log: writeAuthLog },
  });
}

export type Auth = ReturnType<typeof createAuth>;
