import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DelistTask } from '@shared/contracts/channels';
import { renderWithProviders } from '@/test/render-with-providers';
import { DelistTasksPanel, panelWords, UNDO_MS } from './delist-tasks-panel';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const task = (itemId: string, channel: DelistTask['channel'], sku: string): DelistTask => ({
  itemId,
  channel,
  sku,
  title: null,
  thumbnailUrl: null,
  url: null,
  since: '2026-12-01T08:00:00.000Z',
});
const poshmark = task('9b1f6a52-3f53-4f7e-9d55-1c2f3a4b5c6d', 'poshmark', 'RS-001');
const mercari = task('2c1f6a52-3f53-4f7e-9d55-1c2f3a4b5c6e', 'mercari', 'RS-002');

/**
 * The server of a seller with two delist tasks: the Poshmark tick is refused (500), the Mercari one saved. Each tick
 * is held until `answer()`, so both are sent before either is answered.
 */
function server() {
  let open = [poshmark, mercari];
  const held: Array<() => void> = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (init?.method === 'POST' && url.pathname.endsWith('/delisted')) {
      await new Promise<void>((resolve) => held.push(resolve));
      if (url.pathname.includes(poshmark.itemId))
        return Response.json({ error: 'INTERNAL', message: 'The database is away' }, { status: 500 });
      open = open.filter((t) => !url.pathname.includes(t.itemId));
      return Response.json({ ok: true });
    }
    if (url.pathname === '/api/channels/delist-tasks') return Response.json({ tasks: open, dropTasks: [] });
    if (url.pathname === '/api/channels/notifications') return Response.json({ browserNotifications: false });
    return Response.json({ error: 'NOT_FOUND', message: 'Not found' }, { status: 404 });
  });
  return { answer: () => held.splice(0).forEach((resolve) => resolve()), sent: () => held.length };
}

describe('DelistTasksPanel', () => {
  it('two ticks sent together, the first refused: the seller is told, and its task comes back', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { answer, sent } = server();
    renderWithProviders(<DelistTasksPanel />);
    const panel = await screen.findByTestId('delist-tasks');
    fireEvent.click(within(panel).getByRole('button', { name: `${panelWords.tick}: Delist from Poshmark, RS-001` }));
    fireEvent.click(within(panel).getByRole('button', { name: `${panelWords.tick}: Delist from Mercari, RS-002` }));
    expect(screen.queryAllByTestId('delist-task')).toHaveLength(0);

    await act(async () => vi.advanceTimersByTime(UNDO_MS + 100));
    await vi.waitFor(() => expect(sent()).toBe(2));
    await act(async () => answer());

    expect(await screen.findByText(panelWords.tickFailed)).toBeTruthy();
    const back = await screen.findAllByTestId('delist-task');
    expect(back.map((row) => row.textContent)).toEqual([expect.stringContaining('RS-001')]);
  });
});
