import { paced } from '@shared/testing/pace';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PastSalesImport, PastSalesSourcesResponse } from '@shared/contracts/past-sales-imports';
import { renderWithProviders } from '@/test/render-with-providers';
import { MarketplacePastSales } from './marketplace-past-sales';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const importOf = (patch: Partial<PastSalesImport>): PastSalesImport => ({
  id: '3f8e2a61-1111-4111-8111-111111111111',
  channel: 'ebay',
  status: 'running',
  phase: 'reading',
  lines: null,
  feesRead: 0,
  feeOrders: 0,
  imported: 0,
  alreadyHere: 0,
  error: null,
  createdAt: '2026-11-29T01:00:00.000Z',
  finishedAt: null,
  ...patch,
});

/** The server's answers in turn: each GET of the sources takes the next one (the last one stays). */
function stub(readings: PastSalesSourcesResponse[], started?: PastSalesImport) {
  const posts: unknown[] = [];
  let read = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        posts.push(JSON.parse(String(init.body)));
        return new Response(JSON.stringify({ import: started }), { status: 202 });
      }
      const answer = readings[Math.min(read++, readings.length - 1)];
      return new Response(JSON.stringify(answer), { status: 200 });
    }),
  );
  return posts;
}

const since = '2024-11-30T01:00:00.000Z';

describe('Import past sales from a marketplace', () => {
  it('offers each connected marketplace, follows the job and ends on the count of sales imported and already here', async () => {
    const posts = stub(
      [
        {
          sources: [
            { channel: 'ebay', since, latest: null },
            { channel: 'etsy', since, latest: null },
          ],
        },
        { sources: [{ channel: 'ebay', since, latest: importOf({ phase: 'fees', lines: 146, feeOrders: 132, feesRead: 40 }) }] },
        {
          sources: [
            { channel: 'ebay', since, latest: importOf({ status: 'done', phase: 'done', lines: 146, imported: 132, alreadyHere: 14 }) },
          ],
        },
      ],
      importOf({}),
    );
    renderWithProviders(<MarketplacePastSales />);
    expect(await screen.findByRole('button', { name: 'Import past sales from Etsy' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Import past sales from eBay' }));
    await vi.waitFor(() => expect(posts).toEqual([{ channel: 'ebay' }]));
    expect(await screen.findByText('Reading the fees eBay charged: 40 of 132 orders…', {}, { timeout: paced(3000) })).toBeTruthy();
    expect(await screen.findByText('Imported 132 sales from eBay; 14 already here.', {}, { timeout: paced(3000) })).toBeTruthy();
  });

  it('says why an import stopped, and shows nothing when no marketplace is connected', async () => {
    stub([
      {
        sources: [
          {
            channel: 'ebay',
            since,
            latest: importOf({ status: 'failed', error: 'The import from eBay stopped: eBay: Invalid date format' }),
          },
        ],
      },
    ]);
    renderWithProviders(<MarketplacePastSales />);
    expect((await screen.findByRole('alert')).textContent).toContain('The import from eBay stopped: eBay: Invalid date format');
    cleanup();
    stub([{ sources: [] }]);
    const { container } = renderWithProviders(<MarketplacePastSales />);
    await vi.waitFor(() => expect(container.textContent).toBe(''));
    expect(screen.queryByRole('button')).toBeNull();
  });
});
