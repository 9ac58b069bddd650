import { expect } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';

export interface OwnedRequest {
  method: InjectOptions['method'];
  url: string;
  payload?: InjectOptions['payload'];
  headers?: Record<string, string>;
}

/**
 * Proves that another signed-in user gets 404 (never 403, never the data) on every request that touches the
 * owner's resources. Every route that takes a resource id belongs in the table of ownership.test.ts.
 */
export async function expectOthersGet404(app: FastifyInstance, otherCookie: string, requests: OwnedRequest[]) {
  for (const request of requests) {
    const response = await app.inject({
      method: request.method,
      url: request.url,
      payload: request.payload,
      headers: { ...request.headers, cookie: otherCookie },
    });
    expect(response.statusCode, `${request.method} ${request.url}`).toBe(404);
    expect(response.json().error?.code, `${request.method} ${request.url}`).toBe('NOT_FOUND');
  }
}
