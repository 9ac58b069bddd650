import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, apiRequest, networkErrorMessage, parsedRequest } from './api-client';

afterEach(() => vi.unstubAllGlobals());

describe('apiRequest', () => {
  it('turns the one error shape into an ApiError with code and message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ error: { code: 'SKU_CONFLICT', message: 'SKU already exists' } }), { status: 409 })),
    );
    await expect(apiRequest('/api/items', { method: 'POST', body: {} })).rejects.toMatchObject({
      code: 'SKU_CONFLICT',
      message: 'SKU already exists',
      status: 409,
    });
  });

  it("keeps the auth provider's message", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' }), { status: 401 }),
      ),
    );
    await expect(apiRequest('/api/auth/sign-in/email', { method: 'POST', body: {} })).rejects.toMatchObject({
      message: 'Invalid email or password',
      status: 401,
    });
  });

  it('reports a network failure as retryable', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = await apiRequest('/api/health').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).retryable).toBe(true);
    expect((error as ApiError).message).toBe(networkErrorMessage);
  });

  it('treats 502/503/504 without a body as retryable', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>bad gateway</html>', { status: 502 })),
    );
    const error = (await apiRequest('/api/health').catch((e: unknown) => e)) as ApiError;
    expect(error.retryable).toBe(true);
  });

  it('checks an answer against its contract (parsedRequest)', async () => {
    const counts = z.object({ stagedCount: z.number().int() });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ stagedCount: 3 }), { status: 200 })),
    );
    await expect(parsedRequest(counts, '/api/items/summary')).resolves.toEqual({ stagedCount: 3 });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ stagedCount: 'three' }), { status: 200 })),
    );
    await expect(parsedRequest(counts, '/api/items/summary')).rejects.toBeInstanceOf(z.ZodError);
  });
});
