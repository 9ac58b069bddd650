import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, renderHook, type RenderHookResult, type RenderResult } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type InitialEntry } from 'react-router';
import { ToastProvider } from '../components/toast';

/**
 * The app's providers (app/providers.tsx) as unit tests need them: the one place a test gets a query cache, toasts
 * and, when asked, a router. A fresh cache per render, which never retries (a failure shows at once).
 */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

export interface ProviderOptions {
  /** A cache the test seeds or reads; a fresh one otherwise. */
  client?: QueryClient;
  /** Renders the element as the route `path` (default '/') of a memory router that starts at `initialEntries`. */
  route?: { path?: string; initialEntries?: InitialEntry[] };
}

function withProviders(client: QueryClient, children: ReactNode) {
  return (
    <QueryClientProvider client={client}>
      <ToastProvider>{children}</ToastProvider>
    </QueryClientProvider>
  );
}

export function renderWithProviders(ui: ReactElement, options: ProviderOptions = {}): RenderResult & { client: QueryClient } {
  const client = options.client ?? createTestQueryClient();
  const { route } = options;
  const element = route ? (
    <RouterProvider router={createMemoryRouter([{ path: route.path ?? '/', element: ui }], { initialEntries: route.initialEntries })} />
  ) : (
    ui
  );
  return { ...render(withProviders(client, element)), client };
}

export function renderHookWithProviders<Result>(
  hook: () => Result,
  options: Pick<ProviderOptions, 'client'> = {},
): RenderHookResult<Result, unknown> & { client: QueryClient } {
  const client = options.client ?? createTestQueryClient();
  return { ...renderHook(hook, { wrapper: ({ children }: { children: ReactNode }) => withProviders(client, children) }), client };
}
