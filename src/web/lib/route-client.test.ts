import { afterEach, describe, expect, it, vi } from 'vitest';
import { ZodError } from 'zod';
import { delistTasksApi } from '@shared/contracts/channels';
import { profitApi } from '@shared/contracts/profit';
import { profitFloorApi } from '@shared/contracts/profit-floor';
import { callRoute, routeUrl } from './route-client';

afterEach(() => vi.unstubAllGlobals());

/** A fetch that answers `answer` and keeps what it was asked. */
function answering(status: number, answer?: unknown) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, method: init.method ?? 'GET', body: init.body === undefined ? undefined : JSON.parse(String(init.body)) });
      return new Response(answer === undefined ? null : JSON.stringify(answer), { status });
    }),
  );
  return calls;
}

describe('callRoute', () => {
  it("sends the route's method to its pattern, params filled and encoded, with the body as JSON", async () => {
    const calls = answering(200, {});
    const call = callRoute(profitApi.shippingCost, {
      params: { id: 'a/b c' },
      body: { shippingCost: { amountMinor: 450, currency: 'GBP' } },
    });
    await expect(call).rejects.toBeInstanceOf(ZodError);
    expect(calls).toEqual([
      { url: '/api/sales/a%2Fb%20c', method: 'PATCH', body: { shippingCost: { amountMinor: 450, currency: 'GBP' } } },
    ]);
  });

  it('puts the query after the path', async () => {
    const calls = answering(200, { timeZone: 'Europe/London', months: [] });
    await expect(callRoute(profitApi.months, { query: { tz: 'Europe/London' } })).resolves.toEqual({
      timeZone: 'Europe/London',
      months: [],
    });
    expect(calls[0]?.url).toBe('/api/profit?tz=Europe%2FLondon');
  });

  it("checks the answer against the route's schema, so a changed server fails where it is read", async () => {
    answering(200, { shippingCost: 'free' });
    await expect(callRoute(profitFloorApi.settings)).rejects.toBeInstanceOf(ZodError);
  });

  it('reads an empty 204 as null', async () => {
    answering(204);
    await expect(callRoute(delistTasksApi.tick, { params: { id: 'i1', channel: 'poshmark' } })).resolves.toBeNull();
  });

  it("refuses, at compile time, a call that does not match the route's schemas", () => {
    const never = () => {
      // @ts-expect-error: the route's path names an id
      void callRoute(profitApi.item);
      // @ts-expect-error: the body is the route's, not any object
      void callRoute(profitApi.shippingCost, { params: { id: 's' }, body: { shipping: 1 } });
      // @ts-expect-error: this route takes no body
      void callRoute(profitFloorApi.settings, { body: {} });
    };
    expect(never).toBeTypeOf('function');
  });
});

describe('routeUrl', () => {
  it('fills each :param by name, whatever the order of the object', () => {
    expect(routeUrl({ path: '/api/items/:id/channels/:channel' }, { channel: 'ebay', id: 'x' })).toBe('/api/items/x/channels/ebay');
  });
});
