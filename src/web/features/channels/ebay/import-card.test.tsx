import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ebayImportPaths, importMessages, MAX_IMPORT_LISTING_IDS, type EbayImport } from '@shared/contracts/ebay-import';
import { renderWithProviders } from '@/test/render-with-providers';
import { ImportCard } from './import-card';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const started: EbayImport = {
  id: 'imp-1',
  status: 'running',
  listingIds: 2,
  total: null,
  done: 0,
  imported: 0,
  alreadyHere: 0,
  refusals: [],
  error: null,
  createdAt: '2026-11-28T12:00:00.000Z',
  finishedAt: null,
};

/** No import yet; every POST of one recorded, answered as started. */
function server() {
  const posts: unknown[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    if (path === ebayImportPaths.latest) return Response.json({ import: null });
    if (path === ebayImportPaths.imports && init?.method === 'POST') {
      posts.push(JSON.parse(init.body as string));
      return Response.json({ import: started });
    }
    return Response.json(null, { status: 404 });
  });
  return posts;
}

function open(connected = true) {
  renderWithProviders(<ImportCard connected={connected} />);
  const card = screen.getByTestId('ebay-import');
  const field = within(card).getByLabelText("Listings made on eBay's site (optional)") as HTMLTextAreaElement;
  const button = () => within(card).getByRole('button', { name: 'Import from eBay' }) as HTMLButtonElement;
  return { card, field, button };
}

describe('ImportCard', () => {
  it('sends what was pasted, says how many item numbers it holds, and empties the field once started', async () => {
    const posts = server();
    const { card, field, button } = open();
    expect(button().disabled).toBe(false);
    const pasted = '256123456789\nhttps://www.ebay.com/itm/256123456790?hash=1';
    fireEvent.change(field, { target: { value: pasted } });
    expect(within(card).getByText(/2 item numbers found\.$/)).toBeTruthy();
    fireEvent.click(button());
    await waitFor(() => expect(posts).toEqual([{ listingIds: pasted }]));
    await waitFor(() => expect(field.value).toBe(''));
    // The run shows, and the field waits for it.
    expect(await within(card).findByText(importMessages.reading)).toBeTruthy();
    expect(field.disabled).toBe(true);
    expect(button().disabled).toBe(true);
  });

  it('imports with nothing pasted (the Inventory API’s listings come on their own)', async () => {
    const posts = server();
    const { button } = open();
    fireEvent.click(button());
    await waitFor(() => expect(posts).toEqual([{ listingIds: '' }]));
  });

  it('refuses more item numbers than eBay takes at once, as they are pasted', async () => {
    const posts = server();
    const { card, field, button } = open();
    const many = Array.from({ length: MAX_IMPORT_LISTING_IDS + 1 }, (_, i) => String(256_000_000_000 + i)).join('\n');
    fireEvent.change(field, { target: { value: many } });
    expect(await within(card).findByText(importMessages.tooMany)).toBeTruthy();
    await waitFor(() => expect(button().disabled).toBe(true));
    fireEvent.submit(field.form!);
    fireEvent.change(field, { target: { value: '256123456789' } });
    await waitFor(() => expect(within(card).queryByText(importMessages.tooMany)).toBeNull());
    expect(button().disabled).toBe(false);
    expect(posts).toEqual([]);
  });

  it('is off until eBay is connected', () => {
    server();
    const { button } = open(false);
    expect(button().disabled).toBe(true);
  });
});
