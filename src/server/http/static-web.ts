import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { isWebAppPath } from '@shared/contracts/web-paths';

/** Vite names every file under assets/ by its content hash: a changed file gets a new URL. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Files the build writes .br and .gz beside (scripts/build.mjs precompress): their answer depends on Accept-Encoding. */
const compressible = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;

/**
 * Serves the built React app and answers every non-API GET with index.html so URL routes survive a reload (404
 * for a path that is none of the app's pages, so the app's not-found page comes with a not-found status).
 * Hashed assets are cached for a year, everything else (index.html, the service worker, the manifest) is
 * revalidated on each use; the build's brotli and gzip files are sent as they are to browsers that accept them.
 * Source maps are never served (the build keeps them outside this folder; a stray one still answers 404).
 */
export async function registerStaticWeb(app: FastifyInstance, webDir: string) {
  if (!existsSync(path.join(webDir, 'index.html'))) {
    app.log.warn({ webDir }, 'web app not built: run `npm run build` (API only)');
    return;
  }
  await app.register(fastifyStatic, {
    root: webDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    // Our own Cache-Control below; send's default (public, max-age=0) would override it.
    cacheControl: false,
    allowedPath: (pathname) => !pathname.endsWith('.map'),
    // @fastify/static 10 hands the reply (not the raw response), and what is set here wins over send's own headers.
    setHeaders(reply, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      void reply.header('cache-control', immutable ? IMMUTABLE : 'no-cache');
      if (compressible.test(filePath.replace(/\.(?:br|gz)$/, ''))) void reply.header('vary', 'accept-encoding');
    },
  });
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const [urlPath = ''] = request.url.split('?');
    if (urlPath.startsWith('/api/')) return reply.callNotFound();
    if (path.extname(urlPath) && urlPath !== '/') {
      const file = path.join(webDir, path.normalize(urlPath));
      if (file.startsWith(webDir) && !file.endsWith('.map') && existsSync(file)) return reply.sendFile(path.relative(webDir, file));
      return reply.callNotFound();
    }
    // Not one of the app's pages: still the app (it shows its not-found page), but with a real 404 status.
    if (!isWebAppPath(urlPath)) void reply.code(404);
    return reply.sendFile('index.html');
  });
}
