import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { authorityCertFile } from './tls-credentials';

export const authorityCertPath = '/api/tls/resale-studio-ca.crt';

/**
 * The local certificate authority's certificate (public, no key), for the seller to install and trust on a phone:
 * iOS offers it as a profile, Android as a CA certificate. Only with HTTPS=1 and no certificate of the seller's own.
 */
export async function tlsRoutesPlugin(app: FastifyInstance, deps: { dir: string }) {
  app.get(
    authorityCertPath,
    { schema: { tags: ['diagnostics'], summary: 'Certificate to trust on a phone (HTTPS=1)' } },
    async (_request, reply) =>
      reply
        .header('content-type', 'application/x-x509-ca-cert')
        .header('content-disposition', 'attachment; filename="resale-studio-ca.crt"')
        .send(readFileSync(authorityCertFile(deps.dir))),
  );
}
