import { describe, expect, it } from 'vitest';
import { ebayErrorFromResponse, EbayUnreachableError, parseRetryAfter } from './ebay-api-error';
import { createEbayFetch, ebayApi } from './ebay-http';
import type { paths } from './generated/inventory';

const response = (status: number, body: string, headers: Record<string, string> = {}) => new Response(body, { status, headers });

describe('EbayApiError', () => {
  it('reads eBay’s error shape: the first error’s id, messages and parameters, and every error listed', async () => {
    const error = await ebayErrorFromResponse(
      response(
        400,
        JSON.stringify({
          errors: [
            {
              errorId: 25002,
              domain: 'API_INVENTORY',
              category: 'REQUEST',
              message: 'A user error has occurred. Offer entity already exists.',
              longMessage: 'Long words',
              parameters: [{ name: 'offerId', value: '123' }],
            },
            { errorId: 25021, domain: 'API_INVENTORY', category: 'REQUEST', message: 'Condition' },
          ],
        }),
      ),
    );
    expect(error).toMatchObject({
      name: 'EbayApiError',
      httpStatus: 400,
      errorId: 25002,
      message: 'A user error has occurred. Offer entity already exists.',
      longMessage: 'Long words',
    });
    expect(error.parameters).toEqual([{ name: 'offerId', value: '123' }]);
    expect(error.parameter('offerId')).toBe('123');
    expect(error.has(25021)).toBe(true);
    expect(error.errors).toHaveLength(2);
    expect(error.retryable).toBe(false);
  });

  it('reads an OAuth error as its code and description', async () => {
    const error = await ebayErrorFromResponse(
      response(400, JSON.stringify({ error: 'invalid_grant', error_description: 'refresh token is invalid' })),
    );
    expect(error).toMatchObject({ httpStatus: 400, errorId: 0, oauthError: 'invalid_grant', message: 'refresh token is invalid' });
  });

  it('keeps the status and the start of a body that is not JSON', async () => {
    const error = await ebayErrorFromResponse(response(502, '<html>Bad gateway</html>'));
    expect(error.message).toBe('eBay answered HTTP 502: <html>Bad gateway</html>');
    expect(error.retryable).toBe(true);
  });

  it('reads Retry-After on a 429, as seconds or as an HTTP date', async () => {
    const error = await ebayErrorFromResponse(
      response(429, JSON.stringify({ errors: [{ errorId: 2001, message: 'Too many requests' }] }), { 'retry-after': '12' }),
    );
    expect(error).toMatchObject({ httpStatus: 429, retryAfterSeconds: 12, retryable: true });
    const now = Date.parse('2026-11-22T10:00:00Z');
    expect(parseRetryAfter('Sun, 22 Nov 2026 10:00:30 GMT', now)).toBe(30);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });

  it('counts eBay’s system and concurrency errors (25001, 25025) as retryable', async () => {
    const error = await ebayErrorFromResponse(
      response(400, JSON.stringify({ errors: [{ errorId: 25025, message: 'Concurrent access' }] })),
    );
    expect(error.retryable).toBe(true);
  });
});

describe('an eBay call that gets no answer', () => {
  const hosts = { api: 'http://127.0.0.1:9', apiz: 'http://127.0.0.1:9', apim: 'http://127.0.0.1:9', auth: 'http://127.0.0.1:9' };
  const call = (fetch: typeof globalThis.fetch) =>
    ebayApi<paths>({ fetch: createEbayFetch({ fetch }), hosts }, 'api', '/sell/inventory/v1')('t').GET('/offer');

  it('is an EbayUnreachableError naming the reason: refused, timed out, cut off in the body', async () => {
    const refused = Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }) });
    await expect(call(() => Promise.reject(refused))).rejects.toThrow(new EbayUnreachableError(refused));
    await expect(call(() => Promise.reject(refused))).rejects.toThrow('eBay could not be reached (ECONNREFUSED)');
    const timedOut = new DOMException('The operation was aborted due to timeout', 'TimeoutError');
    await expect(call(() => Promise.reject(timedOut))).rejects.toThrow('eBay could not be reached (no answer in time)');
    const cut = new Response(new ReadableStream({ pull: (controller) => controller.error(new TypeError('terminated')) }));
    await expect(call(() => Promise.resolve(cut))).rejects.toBeInstanceOf(EbayUnreachableError);
  });

  it('stays an EbayApiError when eBay answered, even 503', async () => {
    await expect(call(() => Promise.resolve(response(503, 'busy')))).rejects.toMatchObject({ name: 'EbayApiError', httpStatus: 503 });
  });
});
