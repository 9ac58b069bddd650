import { randomUUID } from 'node:crypto';
import { constants as zlibConstants } from 'node:zlib';
import Fastify, { LogController, type FastifyInstance, type RouteOptions } from 'fastify';
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import helmet from 'helmet';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { serverAnsweredWebPaths } from '@shared/contracts/web-paths';
import { trustedOrigins } from '../auth/auth';
import { authRoutesPlugin } from '../auth/routes';
import { requireUser } from '../auth/session';
import { diagnosticsRoutesPlugin } from '../diagnostics/routes';
import { salesRoutesPlugin } from '../sales/routes';
import { assistedRoutesPlugin } from '../channels/assisted/routes';
import { channelListingsRoutesPlugin } from '../channels/channel-listings-routes';
import { delistTasksRoutesPlugin } from '../delist-tasks/routes';
import { createPreflightScores } from '../channels/preflight-scores';
import { saleEndsRoutesPlugin } from '../sales/sale-ends-routes';
import { channelConnectionsRoutesPlugin } from '../channels/connections-routes';
import { autopilotRoutesPlugin } from '../autopilot/routes';
import { priceListRoutesPlugin } from '../price-list/routes';
import { bundleRoutesPlugin } from '../bundles/routes';
import type { AppDeps } from '../compose';
import { eventRoutesPlugin } from '../events/routes';
import { fileRoutesPlugin } from '../files/routes';
import { itemRoutesPlugin } from '../items/routes';
import { listingRoutesPlugin } from '../listings/routes';
import { profitRoutesPlugin } from '../profit/routes';
import { profitFloorRoutesPlugin } from '../profit-floor/routes';
import { sellingPlanRoutesPlugin } from '../selling-plan/routes';
import { listingAgeTestRoutesPlugin } from '../channels/listing-age-test-routes';
import { tokenTestRoutesPlugin } from '../channels/token-test-routes';
import { recheckWaitingAfterSetup } from './rechecks-waiting';
import { simulatedTokenControl } from '../channels/simulated-token-control';
import { agingStockRoutesPlugin } from '../aging-stock/routes';
import { whatSellsRoutesPlugin } from '../what-sells/routes';
import { daysToSaleRoutesPlugin } from '../days-to-sale/routes';
import { listingChangeRoutesPlugin } from '../listing-changes/routes';
import { registerApiNoStore } from './api-cache-control';
import { pushRoutesPlugin } from '../push/routes';
import { sellerRegionRoutesPlugin } from '../seller-region/routes';
import { tlsRoutesPlugin } from '../tls/routes';
import type { TlsCredentials } from '../tls/tls-credentials';
import { contentSecurityDirectives } from './content-security-policy';
import { registerCrossSiteGuard } from './cross-site-guard';
import { frameworkErrorReply, registerErrorHandler } from './error-handler';
import { registerRequestLog } from './request-log';
import { registerSimulatedPagesRedirects, sellersOrigin } from './sellers-origin';
import { registerStaticWeb } from './static-web';

export type { AppDeps } from '../compose';

function trustNearestHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

/**
 * The HTTP layer over the composed adapters and services (compose.ts): route plugins get services, never `db`.
 * With `https` (tls/tls-credentials.ts) it serves HTTPS.
 */
export async function buildApp(
  deps: AppDeps,
  options: { https?: TlsCredentials; onRoute?: (route: RouteOptions) => void } = {},
): Promise<FastifyInstance> {
  const { config, services } = deps;
  // Fastify types an HTTPS instance apart; routes and hooks are the same.
  const app = Fastify({
    ...(options.https ? { https: options.https } : {}),
    loggerInstance: deps.log,
    // registerRequestLog writes one line per request instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    },
    // TRUST_PROXY: a hop count trusts that many proxies nearest to us (Fastify's own rule for a number).
    trustProxy: typeof config.trustProxy === 'number' ? trustNearestHops(config.trustProxy) : config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Signed file tokens (/api/files/:token) carry their storage key: longer than the default 100.
    routerOptions: { maxParamLength: 1000 },
    frameworkErrors: frameworkErrorReply,
  }) as unknown as FastifyInstance;
  // Tests see every route Fastify registers, including those the OpenAPI page hides.
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('user', null);
  registerRequestLog(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // Helmet's headers, its middleware built once (@fastify/helmet built it anew for every request: a tenth of the
  // CPU of answering a kept list page).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: contentSecurityDirectives(config),
    },
    crossOriginEmbedderPolicy: false,
    // Not for HTTPS=1 on a laptop: a browser would then refuse plain http://localhost later.
    strictTransportSecurity: config.publicUrlSource === 'env' && config.publicUrl.startsWith('https://'),
    // The eBay consent popup talks back to its opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined)));
  // The popup reaches /ebay-callback from eBay's site: any COOP other than unsafe-none on that page would put it in a
  // new browsing context group and cut it off from its opener, so EBAY_AUTH_SUCCESS could not be posted back. (The
  // service worker leaves these pages to the server for this: serverAnsweredWebPaths.)
  app.addHook('onSend', async (request, reply) => {
    const [pathname = ''] = request.url.split('?');
    if (serverAnsweredWebPaths.includes(pathname)) reply.header('cross-origin-opener-policy', 'unsafe-none');
  });
  // API JSON of 1 KB and more goes out brotli- or gzip-compressed (quick brotli level: on every request). The web
  // app's files come precompressed from the build (static-web.ts); images are compressed already; the event
  // stream (events/routes.ts) writes to the raw response and is never buffered by it.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(swagger, {
    openapi: { info: { title: 'Resale Studio API', version: '0.1.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  registerErrorHandler(app);
  registerCrossSiteGuard(app, trustedOrigins(config));
  registerApiNoStore(app);
  // The simulated marketplaces' consent pages, opened and left on the address the seller uses.
  const onSellersOrigin = sellersOrigin(config);
  registerSimulatedPagesRedirects(app, config, onSellersOrigin);

  await app.register(diagnosticsRoutesPlugin, { config, pingDatabase: () => deps.database.ping() });
  if (config.tls.kind === 'self-signed') await app.register(tlsRoutesPlugin, { dir: config.tls.dir });
  // Each channel's public routes (OAuth callbacks, webhooks, its simulation's pages) and, below, its signed-in ones.
  const channelContext = { config, accounts: deps.accounts };
  for (const { instance } of services.channelList) if (instance.publicRoutes) await instance.publicRoutes(app, channelContext);
  await app.register(authRoutesPlugin, { accounts: deps.accounts });
  // Public: the signed token in the URL is the credential (local storage only; S3 URLs are presigned).
  if (deps.storage.kind === 'local') await app.register(fileRoutesPlugin, { storage: deps.storage, appSecret: config.appSecret });
  // Everything below answers only signed-in users, and a request without a session gets 401 before its body, params
  // or query are read (validation would tell a stranger what the route expects).
  const signedIn = requireUser(deps.accounts);
  await app.register(async (scope) => {
    scope.addHook('onRequest', signedIn);
    // A write answered here drops the seller's kept list pages before the answer leaves, so the list they load
    // next shows it (other processes hear it through NOTIFY: list-cache.ts).
    scope.addHook('onSend', async (request) => {
      if (request.user && request.method !== 'GET' && request.method !== 'HEAD') deps.listCache.invalidate(request.user.id);
    });
    scope.addHook(
      'onSend',
      recheckWaitingAfterSetup((userId) => services.autopilot.recheckWaiting(userId), app.log),
    );
    await scope.register(itemRoutesPlugin, {
      items: services.items,
      uploads: services.uploads,
      products: services.products,
      photos: services.photos,
    });
    await scope.register(listingRoutesPlugin, { listings: services.listings });
    await scope.register(listingChangeRoutesPlugin, { listingChanges: services.listingChanges });
    await scope.register(eventRoutesPlugin, { events: deps.events });
    await scope.register(salesRoutesPlugin, { sales: services.sales, fees: services.fees });
    await scope.register(channelListingsRoutesPlugin, {
      everyChannel: services.everyChannel,
      sales: services.sales,
      preflightScores: createPreflightScores(services.marketplaces),
    });
    await scope.register(delistTasksRoutesPlugin, {
      delistTasks: services.delistTasks,
      dropTasks: (userId: string) => services.sellingPlan.dropTasks(userId),
    });
    await scope.register(saleEndsRoutesPlugin, { saleEnds: services.saleEnds });
    await scope.register(profitRoutesPlugin, { profit: services.profit });
    await scope.register(whatSellsRoutesPlugin, { whatSells: services.whatSells, pastSalesImports: services.pastSalesImports });
    await scope.register(daysToSaleRoutesPlugin, { daysToSale: services.daysToSale });
    await scope.register(profitFloorRoutesPlugin, { profitFloor: services.profitFloor });
    await scope.register(sellingPlanRoutesPlugin, { sellingPlan: services.sellingPlan });
    await scope.register(agingStockRoutesPlugin, { agingStock: services.agingStock });
    await scope.register(assistedRoutesPlugin, { assisted: services.assisted, priceRules: services.priceRules });
    await scope.register(autopilotRoutesPlugin, { autopilot: services.autopilot });
    await scope.register(priceListRoutesPlugin, { priceList: services.priceList });
    await scope.register(bundleRoutesPlugin, { bundles: services.bundles });
    await scope.register(channelConnectionsRoutesPlugin, { connections: services.connections, onSellersOrigin });
    await scope.register(pushRoutesPlugin, { push: services.push });
    await scope.register(sellerRegionRoutesPlugin, { sellerRegion: services.sellerRegion });
    for (const { instance } of services.channelList) await instance.routes(scope, channelContext);
    // NODE_ENV=test only: it registers nothing elsewhere (decision 108).
    await scope.register(listingAgeTestRoutesPlugin, { config, ageLiveListing: services.ageLiveListing });
    await scope.register(tokenTestRoutesPlugin, {
      config,
      simulateTokens: simulatedTokenControl(deps.database.db, deps.channelSetups),
    });
  });

  if (deps.webDir) await registerStaticWeb(app, deps.webDir);
  return app;
}
