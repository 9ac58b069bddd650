import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Auth } from '../auth/auth';
import { trustedOrigins } from '../auth/auth';
import { authRoutes } from '../auth/routes';
import { requireUser } from '../auth/session';
import { diagnosticsRoutes } from '../diagnostics/routes';
import { ebayConfigRoutes } from '../ebay/config-routes';
import { eventRoutes } from '../events/routes';
import { createEventService } from '../events/service';
import type { Mailer } from '../adapters/mail/mailer';
import type { MediaProcessor } from '../adapters/media/media';
import type { Storage } from '../adapters/storage/storage';
import { fileRoutes } from '../files/routes';
import { itemRoutes } from '../items/routes';
import type { ListingGenerator } from '../adapters/ai/listing-generator'; // listings (issue 4)
import { listingRoutes } from '../listings/routes'; // listings (issue 4)
import { registerCrossSiteGuard } from './cross-site-guard';
import { registerErrorHandler } from './error-handler';
import { registerStaticWeb } from './static-web';

export interface AppDeps {
  config: Config;
  database: Database;
  auth: Auth;
  mailer: Mailer;
  storage: Storage;
  media: MediaProcessor;
  /** AI_PROVIDER's listing writer (listings, issue 4). */
  listingGenerator: ListingGenerator;
  /** Folder of the built web app; omitted in API-only tests. */
  webDir?: string;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : { level: config.logLevel, redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'] },
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    },
    trustProxy: true,
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

  await app.register(diagnosticsRoutes, { config, database: deps.database });
  await app.register(ebayConfigRoutes, { config });
  await app.register(authRoutes, { auth: deps.auth, db: deps.database.db, perIpLimit: config.authRateLimit });
  // Public: the signed token in the URL is the credential (local storage only; S3 URLs are presigned).
  if (deps.storage.kind === 'local') await app.register(fileRoutes, { storage: deps.storage, appSecret: config.appSecret });
  // Everything below answers only signed-in users.
  const signedIn = await requireUser(deps.database.db, deps.auth);
  const events = await createEventService({ database: deps.database, log: app.log, ...config.events });
  app.addHook('onClose', () => events.close());
  await app.register(async (scope) => {
    scope.addHook('preHandler', signedIn);
    await scope.register(itemRoutes, { db: deps.database.db, storage: deps.storage, media: deps.media });
    await scope.register(listingRoutes, { db: deps.database.db, storage: deps.storage }); // listings (issue 4)
    await scope.register(eventRoutes, { events });
  });

  if (deps.webDir) await registerStaticWeb(app, deps.webDir);
  return app;
}
