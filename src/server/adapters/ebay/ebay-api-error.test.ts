import { describe, expect, it } from 'vitest';
import { ebayErrorFromResponse, parseRetryAfter } from './ebay-api-error';

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
