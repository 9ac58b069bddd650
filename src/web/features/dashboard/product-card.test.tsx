import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Item, ItemImage } from '@shared/contracts/items';
import { makeListingItem } from '@/test/make-listing-item';
import { itemKeys } from '@/entities/items/query-keys';
import { createTestQueryClient, renderWithProviders } from '@/test/render-with-providers';
import { ProductCard } from './product-card';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const image = (n: number): ItemImage => ({
  id: `0000000${n}-0000-4000-8000-000000000000`,
  order: n,
  isPrimary: n === 0,
  width: 10,
  height: 10,
  bytes: 1,
  url: `/full/${n}`,
  thumbnailUrl: `/thumb/${n}`,
  createdAt: '2026-01-01T00:00:00.000Z',
});

/** The card of an item whose detail (its photos) is cached, unless `cachedDetail` is false. */
function renderCard(images: ItemImage[], { cachedDetail = true } = {}) {
  const { images: _none, ...listed } = {
    ...makeListingItem({ sku: 'PSTFSH-007', batchNumber: 7, photoCount: images.length, thumbnailUrl: images[0]?.thumbnailUrl ?? null }),
    images,
  };
  const item: Item = { ...listed, images };
  const client = createTestQueryClient();
  if (cachedDetail) client.setQueryData(itemKeys.detail(item.id), item);
  renderWithProviders(
    <ul>
      <ProductCard item={listed} selecting={false} selected={false} onToggleSelected={vi.fn()} onDelete={vi.fn()} />
    </ul>,
    { client },
  );
  return item;
}

describe('ProductCard', () => {
  it('shows batch number, photo count, SKU and status; expanded, the first photo is labelled Main', () => {
    renderCard([image(0), image(1)]);
    expect(screen.getByText(/Batch #7/)).toBeTruthy();
    expect(screen.getByTestId('photo-count').textContent).toBe('2 photos');
    expect(screen.getByTestId('item-sku').textContent).toBe('PSTFSH-007');
    expect(screen.getByTestId('item-status').textContent).toBe('Draft');
    fireEvent.click(screen.getByRole('button', { name: 'Show all 2 photos' }));
    const photos = screen.getAllByTestId('photo');
    expect(photos.map((p) => p.getAttribute('data-image-id'))).toEqual([image(0).id, image(1).id]);
    expect(within(photos[0]!).getByTestId('primary-label').textContent).toBe('Main');
    expect(within(photos[1]!).queryByTestId('primary-label')).toBeNull();
  });

  it('a product without photos offers to show its photos (not "all 0") and says it has none', () => {
    renderCard([]);
    expect(screen.getByTestId('photo-count').textContent).toBe('0 photos');
    fireEvent.click(screen.getByRole('button', { name: 'Show photos' }));
    expect(screen.getByText('This product has no photos.')).toBeTruthy();
  });

  it('reads the photos from the item (GET /api/items/:id) when opened: the list has only the first thumbnail', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(detail), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const detail = renderCard([image(0), image(1), image(2)], { cachedDetail: false });
    // Nothing of the item is read before it is opened (the seller's connections may be).
    const itemReads = () =>
      fetchMock.mock.calls.map((call) => String((call as unknown[])[0])).filter((url) => url.startsWith('/api/items'));
    expect(itemReads()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Show all 3 photos' }));
    expect(screen.getByLabelText('Loading photos')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('photo')).toHaveLength(3));
    expect(fetchMock).toHaveBeenCalledWith(`/api/items/${detail.id}`, expect.anything());
  });

  it('asks before deleting a photo and says "Failed to delete image" when it fails', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ error: { code: 'INTERNAL', message: 'x' } }), { status: 500 }));
    vi.stubGlobal('fetch', fetchMock);
    const item = renderCard([image(0), image(1)]);
    fireEvent.click(screen.getByRole('button', { name: 'Show all 2 photos' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete photo 2' }));
    const dialog = screen.getByRole('alertdialog');
    expect(within(dialog).getByText('Are you sure you want to delete this photo?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete photo' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to delete image');
    expect(fetchMock).toHaveBeenCalledWith(`/api/items/${item.id}/images/${image(1).id}`, expect.objectContaining({ method: 'DELETE' }));
  });

  it('still says "Failed to delete image" when a second delete was pressed before the first one failed', async () => {
    let deletes = 0;
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
      if (init?.method !== 'DELETE') return new Response('{}', { status: 404 });
      deletes += 1;
      if (deletes === 1) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        return new Response(JSON.stringify({ error: { code: 'INTERNAL', message: 'x' } }), { status: 500 });
      }
      return Response.json({ ...item, images: [image(0), image(1)], photoCount: 2 });
    });
    vi.stubGlobal('fetch', fetchMock);
    const item = renderCard([image(0), image(1), image(2)]);
    fireEvent.click(screen.getByRole('button', { name: 'Show all 3 photos' }));
    for (const name of ['Delete photo 2', 'Delete photo 3']) {
      fireEvent.click(screen.getByRole('button', { name }));
      fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete photo' }));
    }
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to delete image');
    expect(deletes).toBe(2);
  });

  it('disables the last photo’s delete', () => {
    renderCard([image(0)]);
    fireEvent.click(screen.getByRole('button', { name: 'Show photo' }));
    expect((screen.getByRole('button', { name: 'Delete photo 1' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
