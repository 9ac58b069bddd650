import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { depopOffersApi } from '@shared/contracts/depop';
import { ebayOffersApi } from '@shared/contracts/ebay-offers';
import { profitFloorApi } from '@shared/contracts/profit-floor';
import { renderHookWithProviders } from '@/test/render-with-providers';
import { useSaveSetting, useSetting } from './saved-setting';

afterEach(() => vi.unstubAllGlobals());

const rule = { key: ['depop', 'offer-rule'], get: depopOffersApi.rule, save: depopOffersApi.setRule };

/** A server holding the rule: a GET answers it, a PUT keeps the body and answers it; every call is kept. */
function ruleServer() {
  const calls: { url: string; method: string; body: unknown }[] = [];
  let saved: unknown = { enabled: false, percentOff: 10, askFirst: true };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const body = init.body === undefined ? undefined : JSON.parse(String(init.body));
      calls.push({ url, method: init.method ?? 'GET', body });
      if (init.method === 'PUT') saved = body;
      return Response.json(saved);
    }),
  );
  return calls;
}

describe('saved settings', () => {
  it("reads the setting by its table's GET and saves it by its PUT, the answer becoming the setting read", async () => {
    const calls = ruleServer();
    const { result } = renderHookWithProviders(() => ({ setting: useSetting(rule), save: useSaveSetting(rule) }));
    await waitFor(() => expect(result.current.setting.data).toEqual({ enabled: false, percentOff: 10, askFirst: true }));
    await result.current.save.mutateAsync({ enabled: true, percentOff: 15, askFirst: false });
    await waitFor(() => expect(result.current.setting.data).toEqual({ enabled: true, percentOff: 15, askFirst: false }));
    expect(calls).toEqual([
      { url: '/api/depop/offer-rule', method: 'GET', body: undefined },
      { url: '/api/depop/offer-rule', method: 'PUT', body: { enabled: true, percentOff: 15, askFirst: false } },
    ]);
  });

  it('refuses, at compile time, routes that are not one setting read and saved whole', () => {
    // Never called: a hook only for the compiler, which reads the calls in it.
    const useRefused = () => {
      // @ts-expect-error: the item's floor is no setting: its path names an id
      void useSetting({ key: ['floor'], get: profitFloorApi.item, save: profitFloorApi.saveSettings });
      // @ts-expect-error: the PUT must answer what the GET answers (eBay's rule is not Depop's)
      void useSetting({ key: ['rule'], get: ebayOffersApi.rule, save: depopOffersApi.setRule });
      // @ts-expect-error: a GET in the place of the PUT
      void useSaveSetting({ key: ['rule'], get: ebayOffersApi.rule, save: ebayOffersApi.rule });
    };
    expect(useRefused).toBeTypeOf('function');
  });
});
