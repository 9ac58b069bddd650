import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { trustedOrigins } from '../auth/auth';
import { authRoutes } from '../auth/routes';
import { requireUser } from '../auth/session';
import { diagnosticsRoutes } from '../diagnostics/routes';
import { ebayConfigRoutes } from '../ebay/config-routes';
import type { AppDeps } from '../compose';
import { eventRoutes } from '../events/routes';
import { fileRoutes } from '../files/routes';
import { itemRoutes } from '../items/routes';
import { listingRoutes } from '../listings/routes';
import { registerApiNoStore } from './api-cache-control';
import { registerCrossSiteGuard } from './cross-site-guard';
import { registerErrorHandler } from './error-handler';
import { registerStaticWeb } from './static-web';

export type { AppDeps } from '../compose';

function trustNearestHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

/** The HTTP layer over the composed adapters and services (compose.ts): route plugins get services, never `db`. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, services } = deps;
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : { level: config.logLevel, redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'] },
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    },
    // TRUST_PROXY: a hop count trusts that many proxies nearest to us (Fastify's own rule for a number).
    trustProxy: typeof config.trustProxy === 'number' ? trustNearestHops(config.trustProxy) : config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Signed file tokens (/api/files/:token) carry their storage key: longer than the default 100.
    routerOptions: { maxParamLength: 1000 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('user', null);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: config.publicUrl.startsWith('https://'),
    // The eBay consent popup talks back to its opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  await app.register(swagger, {
    openapi: { info: { title: 'Resale Studio API', version: '0.1.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  registerErrorHandler(app);
  registerCrossSiteGuard(app, trustedOrigins(config));
  registerApiNoStore(app);

  await app.register(diagnosticsRoutes, { config, pingDatabase: () => deps.database.ping() });
  await app.register(ebayConfigRoutes, { config });
  await app.register(authRoutes, { accounts: deps.accounts });
  // Public: the signed token in the URL is the credential (local storage only; S3 URLs are presigned).
  if (deps.storage.kind === 'local') await app.register(fileRoutes, { storage: deps.storage, appSecret: config.appSecret });
  // Everything below answers only signed-in users.
  const signedIn = requireUser(deps.accounts);
  await app.register(async (scope) => {
    scope.addHook('preHandler', signedIn);
    await scope.register(itemRoutes, { items: services.items, uploads: services.uploads, photos: services.photos });
    await scope.register(listingRoutes, { listings: services.listings });
    await scope.register(eventRoutes, { events: deps.events });
  });

  if (deps.webDir) await registerStaticWeb(app, deps.webDir);
  return app;
}
