import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { refetchFresh } from './use-channel-connections';

/** A query whose first answer is held until released, as GET /api/channels on a screen still loading. */
function slowFirstAnswer() {
  const answers: string[] = [];
  let release = () => {};
  let calls = 0;
  const queryFn = () => {
    calls += 1;
    const answer = calls === 1 ? 'before the change' : 'after the change';
    answers.push(answer);
    return calls === 1 ? new Promise<string>((resolve) => (release = () => resolve(answer))) : Promise.resolve(answer);
  };
  return { queryFn, answers, release: () => release() };
}

function renderQuery(queryFn: () => Promise<string>) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  const { result } = renderHook(() => useQuery({ queryKey: ['channels', 'connections'], queryFn }), { wrapper });
  return { queryClient, result };
}

describe('refetchFresh', () => {
  it('reads again a query still on its first fetch, whose answer may predate the change', async () => {
    const slow = slowFirstAnswer();
    const { queryClient, result } = renderQuery(slow.queryFn);
    await waitFor(() => expect(slow.answers).toHaveLength(1));
    const refreshed = refetchFresh(queryClient, ['channels', 'connections']);
    slow.release();
    await refreshed;
    await waitFor(() => expect(result.current.data).toBe('after the change'));
  });

  it('is needed: a plain invalidation joins the first fetch and keeps its old answer', async () => {
    const slow = slowFirstAnswer();
    const { queryClient, result } = renderQuery(slow.queryFn);
    await waitFor(() => expect(slow.answers).toHaveLength(1));
    const invalidated = queryClient.invalidateQueries({ queryKey: ['channels', 'connections'] });
    slow.release();
    await invalidated;
    await waitFor(() => expect(result.current.data).toBe('before the change'));
    expect(slow.answers).toEqual(['before the change']);
  });

  it('keeps a query with data on the screen while it reads it again', async () => {
    const slow = slowFirstAnswer();
    const { queryClient, result } = renderQuery(slow.queryFn);
    slow.release();
    await waitFor(() => expect(result.current.data).toBe('before the change'));
    await refetchFresh(queryClient, ['channels', 'connections']);
    await waitFor(() => expect(result.current.data).toBe('after the change'));
  });
});
