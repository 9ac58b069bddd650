import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/** Serves the built React app and answers every non-API GET with index.html so URL routes survive a reload. */
export async function registerStaticWeb(app: FastifyInstance, webDir: string) {
  if (!existsSync(path.join(webDir, 'index.html'))) {
    app.log.warn({ webDir }, 'web app not built: run `npm run build` (API only)');
    return;
  }
  await app.register(fastifyStatic, {
    root: webDir,
    wildcard: false,
    index: false,
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const [urlPath = ''] = request.url.split('?');
    if (urlPath.startsWith('/api/')) return reply.callNotFound();
    if (path.extname(urlPath) && urlPath !== '/') {
      const file = path.join(webDir, path.normalize(urlPath));
      if (file.startsWith(webDir) && existsSync(file)) return reply.sendFile(path.relative(webDir, file));
      return reply.callNotFound();
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
