import type { FastifyInstance } from 'fastify';
import { AppError } from '@shared/errors';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests that a browser sends from another site (CSRF), on top of SameSite=Lax cookies.
 * Requests without browser headers (curl, server to server) carry no ambient cookies from another site and pass.
 */
export function registerCrossSiteGuard(app: FastifyInstance, trustedOrigins: string[]) {
  const trusted = new Set(trustedOrigins.map((o) => new URL(o).origin));
  app.addHook('onRequest', async (request) => {
    if (safeMethods.has(request.method)) return;
    const fetchSite = request.headers['sec-fetch-site'];
    const origin = request.headers.origin;
    if (origin) {
      // Same origin means scheme and host: `https://host` calling the plain-http host is another origin.
      const given = safeOrigin(origin)?.origin ?? '';
      const sameOrigin = given !== '' && given === safeOrigin(`${request.protocol}://${request.headers.host}`)?.origin;
      if (!sameOrigin && !trusted.has(given)) {
        throw new AppError('CROSS_SITE_REQUEST', 'Cross-site request refused');
      }
      return;
    }
    if (fetchSite === 'cross-site' || fetchSite === 'same-site') {
      throw new AppError('CROSS_SITE_REQUEST', 'Cross-site request refused');
    }
  });
}

function safeOrigin(origin: string): URL | undefined {
  try {
    return new URL(origin);
  } catch {
    return undefined;
  }
}
