import { expect } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';

export interface OwnedRequest {
  method: InjectOptions['method'];
  url: string;
  payload?: InjectOptions['payload'];
  headers?: Record<string, string>;
}

/** The one error shape with nothing beside it: an answer that refuses shows no field of the row it refused. */
export function expectBareError(body: string, code: string, what: string) {
  const parsed = JSON.parse(body) as unknown;
  expect(parsed, what).toEqual({ error: { code, message: expect.any(String) } });
}

/**
 * Proves that another signed-in user gets 404 (never 403, never the data) on every request that touches the
 * owner's resources, as the bare error shape with none of `ownerMarks` (the owner's SKU, e-mail, user id...) in
 * it. Every route that takes a resource id belongs in the table of ownership.test.ts.
 */
export async function expectOthersGet404(app: FastifyInstance, otherCookie: string, requests: OwnedRequest[], ownerMarks: string[] = []) {
  for (const request of requests) {
    const what = `${request.method} ${request.url}`;
    const response = await app.inject({
      method: request.method,
      url: request.url,
      payload: request.payload,
      headers: { ...request.headers, cookie: otherCookie },
    });
    expect(response.statusCode, what).toBe(404);
    expectBareError(response.body, 'NOT_FOUND', what);
    for (const mark of ownerMarks) expect(response.body, what).not.toContain(mark);
  }
}

/** The same requests signed out: 401 in the bare error shape, before any id is looked at. */
export async function expectSignedOutGet401(app: FastifyInstance, requests: OwnedRequest[]) {
  for (const request of requests) {
    const what = `${request.method} ${request.url}`;
    const response = await app.inject({ method: request.method, url: request.url, payload: request.payload, headers: request.headers });
    expect(response.statusCode, what).toBe(401);
    expectBareError(response.body, 'UNAUTHENTICATED', what);
  }
}
