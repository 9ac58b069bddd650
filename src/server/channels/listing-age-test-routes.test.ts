import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { testControlPaths } from '@shared/contracts/test-controls';
import { listingAgeTestRoutesPlugin } from './listing-age-test-routes';

/**
 * The test-only listing age control (decision 108) exists on a NODE_ENV=test server only: production and development
 * servers answer 404 and never age anything. (Its use by a seller, and another seller's item answering 404, are in
 * test/ownership.test.ts and the e2e relist.)
 */
describe('the listing age test control', () => {
  const path = testControlPaths.listingAge('6f1c2b9e-3a4d-4e5f-8a9b-0c1d2e3f4a5b', 'ebay');
  async function serverIn(env: 'production' | 'development' | 'test') {
    const aged: string[] = [];
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(listingAgeTestRoutesPlugin, {
      config: { env },
      ageLiveListing: async (_userId, itemId) => (aged.push(itemId), true),
    });
    await app.ready();
    return { app, aged };
  }

  it.each(['production', 'development'] as const)('refuses in %s: no such route, nothing aged', async (env) => {
    const { app, aged } = await serverIn(env);
    expect(app.hasRoute({ method: 'POST', url: '/api/test/items/:id/listings/:channel/age' })).toBe(false);
    expect((await app.inject({ method: 'POST', url: path, payload: { days: 31 } })).statusCode).toBe(404);
    expect(aged).toEqual([]);
    await app.close();
  });

  it('is there on a test server', async () => {
    const { app } = await serverIn('test');
    expect(app.hasRoute({ method: 'POST', url: '/api/test/items/:id/listings/:channel/age' })).toBe(true);
    await app.close();
  });
});
