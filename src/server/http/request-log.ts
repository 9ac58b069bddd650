import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * One line per answered request, in words a person reads ("GET /api/items 200 12 ms"), with the request id.
 * Requests for the web app's files and for photos (/api/files/...) go at debug level: a page load fetches dozens.
 */
export function registerRequestLog(app: FastifyInstance) {
  app.addHook('onResponse', async (request, reply) => {
    const ms = Math.round(reply.elapsedTime);
    const url = withoutCredentials(request.url.split('?')[0] ?? request.url);
    const fields = { method: request.method, url, statusCode: reply.statusCode, ms };
    const message = `${request.method} ${url} ${reply.statusCode} ${ms} ms`;
    if (isAssetRequest(request, url)) request.log.debug(fields, message);
    else request.log.info(fields, message);
  });
}

/** Paths whose last segment is a credential: the e-mailed reset link's token, a signed file URL's token. */
const credentialPath = /^(\/api\/auth\/reset-password\/|\/api\/files\/)[^/]+$/;

/** The path as a log line may show it: a token in it is replaced by `[token]`. */
export function withoutCredentials(path: string): string {
  return path.replace(credentialPath, '$1[token]');
}

export function isAssetRequest(request: Pick<FastifyRequest, 'method'>, url: string): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  return !url.startsWith('/api/') || url.startsWith('/api/files/');
}
