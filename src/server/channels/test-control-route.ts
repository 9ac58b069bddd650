import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '@shared/errors';
import { currentUser } from '../auth/session';
import type { Config } from '../config';

/**
 * A test-only control (decision 108), as each of them is served: a POST registered only when the server runs with
 * NODE_ENV=test, whose handler refuses outside test too, so a wiring mistake cannot open it on a real server. The
 * control supplies its path, its params and body, and what it does for the signed-in seller: done answers 204, not done
 * 404 in its words.
 */
export function testControlRoute<Params extends z.ZodType, Body extends z.ZodType>(
  app: FastifyInstance,
  config: Pick<Config, 'env'>,
  control: {
    path: string;
    summary: string;
    params: Params;
    body: Body;
    run: (userId: string, params: z.output<Params>, body: z.output<Body>) => Promise<boolean>;
    /** The 404's words when it was not done. */
    notDone: string;
  },
) {
  if (config.env !== 'test') return;
  app.withTypeProvider<ZodTypeProvider>().post(
    control.path,
    {
      schema: {
        tags: ['test'],
        summary: control.summary,
        params: control.params,
        body: control.body,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      if (config.env !== 'test') throw notFound('Not found');
      // Read through the control's own schemas (fastify's types cannot follow a schema given as a type parameter).
      const params = request.params as z.output<Params>;
      const body = request.body as z.output<Body>;
      if (!(await control.run(currentUser(request).id, params, body))) throw notFound(control.notDone);
      return reply.status(204).send(null);
    },
  );
}
