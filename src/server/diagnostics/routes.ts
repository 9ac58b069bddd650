import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { diagnosticsPaths, envCheckResponse, healthResponse } from '@shared/contracts/diagnostics';
import type { Config } from '../config';
import { envCheck } from './env-check';
import { routeDoc } from '../http/route-doc';

const diagnosticsDoc = routeDoc(['diagnostics']);

export interface DiagnosticsRouteDeps {
  config: Config;
  /** Resolves when the database answers (the database adapter's ping). */
  pingDatabase: () => Promise<void>;
}

export async function diagnosticsRoutesPlugin(app: FastifyInstance, deps: DiagnosticsRouteDeps) {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    diagnosticsPaths.health,
    diagnosticsDoc('Liveness and database check', { response: { 200: healthResponse, 503: healthResponse } }),
    async (request, reply) => {
      try {
        await deps.pingDatabase();
        return { status: 'ok' as const, database: 'ok' as const };
      } catch (err) {
        request.log.error({ err }, 'health check: database unreachable');
        return reply.status(503).send({ status: 'degraded', database: 'unreachable' });
      }
    },
  );

  typed.get(
    diagnosticsPaths.envCheck,
    diagnosticsDoc('Which configuration is set, defaulted or missing', { response: { 200: envCheckResponse } }),
    async () => ({ entries: envCheck(deps.config) }),
  );
}
