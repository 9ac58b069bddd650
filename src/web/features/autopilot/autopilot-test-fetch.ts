import { QueryClient } from '@tanstack/react-query';
import { vi } from 'vitest';
import type { AutopilotItem, AutopilotRunResponse, AutopilotSettingsBody } from '@shared/contracts/autopilot';
import { ebayConnectionKey } from '@/entities/channels/use-ebay-connection';
import { etsyConnectionKey } from '@/entities/channels/use-etsy-connection';
import { channelConnectionsKey } from '@/entities/channels/use-channel-connections';

/** What the component tests' fake server was asked: method, path and body. */
export interface SentRequest {
  method: string;
  path: string;
  body: unknown;
}

export const settings = (over: Partial<AutopilotSettingsBody> = {}): AutopilotSettingsBody => ({
  enabled: false,
  channels: ['ebay'],
  priceBasis: 'ai',
  percent: 0,
  floor: null,
  ...over,
});

let seq = 0;
export function reviewItem(over: Partial<AutopilotItem> = {}): AutopilotItem {
  seq += 1;
  return {
    itemId: `0b8f6a1e-1c2d-4e3f-8a9b-0c1d2e3f4a${String(seq).padStart(2, '0')}`,
    sku: `SKU-${seq}`,
    title: `Levi's 501 Jeans ${seq}`,
    thumbnailUrl: null,
    category: 'Mens Jeans',
    condition: 'good',
    status: 'review',
    stage: 'review',
    channels: ['ebay'],
    reasons: [],
    read: [],
    disputed: [],
    price: null,
    priceBasis: null,
    floor: null,
    currency: 'USD',
    error: null,
    updatedAt: '2026-11-25T12:00:00.000Z',
    ...over,
  };
}

export function runAnswer(
  over: Partial<NonNullable<AutopilotRunResponse['run']>> = {},
  state: 'running' | 'paused' = 'running',
): AutopilotRunResponse {
  return {
    state,
    settings: settings({ enabled: true }),
    run: {
      runId: '7c1f6a1e-1c2d-4e3f-8a9b-0c1d2e3f4a5b',
      startedAt: '2026-11-25T20:00:00.000Z',
      finished: false,
      counts: { total: 50, live: 38, waiting: 9, failed: 3, moving: 0 },
      review: [],
      failed: [],
      moving: [],
      ...over,
    },
  };
}

type Route = (request: SentRequest) => unknown;

/**
 * Answers the app's fetches from `routes` ("GET /api/autopilot": a body, or a function of the request) and records
 * them; an unknown route is a 404 with the shared error shape.
 */
export function fakeServer(routes: Record<string, unknown | Route>) {
  const sent: SentRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const request = { method: init.method ?? 'GET', path: url, body: init.body ? JSON.parse(String(init.body)) : undefined };
      sent.push(request);
      const route = routes[`${request.method} ${request.path}`];
      if (route === undefined) {
        return new Response(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'Not found' } }), { status: 404 });
      }
      const body = typeof route === 'function' ? (route as Route)(request) : route;
      return new Response(body === null ? '' : JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return sent;
}

/** A query cache that never refetches on its own, with eBay connected and Etsy not (the connection queries seeded). */
export function connectedClient(): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
  client.setQueryData(ebayConnectionKey, { connection: { status: 'connected' } });
  client.setQueryData(etsyConnectionKey, { configured: true, connection: null });
  const entry = { configured: true, simulated: false, accountLabel: null } as const;
  client.setQueryData(channelConnectionsKey, {
    channels: [
      { ...entry, channel: 'ebay', label: 'eBay', status: 'connected', salesReadable: true },
      { ...entry, channel: 'etsy', label: 'Etsy', status: 'not-connected', salesReadable: false },
    ],
  });
  return client;
}
