import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { money } from '@shared/domain/money';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EbayPublishState as ItemPublishState } from '@shared/contracts/ebay-listing';
import { makeEbayListing, makeListingItem } from '@/test/make-listing-item';
import { renderWithProviders } from '@/test/render-with-providers';
import { LiveListingPanel } from './live-listing-panel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const publish = (state: Partial<ItemPublishState>): ItemPublishState => ({
  status: 'published',
  listingUrl: 'https://www.ebay.com/itm/110',
  error: null,
  price: money(3000),
  quantity: 1,
  change: null,
  ...state,
});

function render(state: Partial<ItemPublishState>) {
  const item = makeListingItem({ sku: 'LIVE-1', listings: [makeEbayListing(publish(state))] });
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) =>
    url.endsWith('/publish-settings')
      ? new Response(JSON.stringify({ itemId: item.id, price: money(1250), quantity: 3 }), { status: 200 })
      : new Response(JSON.stringify({ itemId: item.id, channel: 'ebay', change: url.split('/').pop() }), {
          status: init?.method === 'POST' ? 202 : 404,
        }),
  );
  vi.stubGlobal('fetch', fetchMock);
  renderWithProviders(<LiveListingPanel item={item} />);
  return { item, fetchMock };
}

describe('the live listing panel', () => {
  it('opens on the price eBay has now, also for a listing with no price of its own (put up at the asking price)', () => {
    const listing = { ...makeEbayListing(publish({ price: null })), price: money(1125, 'GBP'), ownPrice: false };
    renderWithProviders(
      <LiveListingPanel item={makeListingItem({ sku: 'LIVE-2', currency: 'GBP', price: money(1250, 'GBP'), listings: [listing] })} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Change price or quantity' }));
    expect(screen.getByLabelText('Price (£)')).toHaveProperty('value', '11.25');
    expect(screen.getByLabelText('Quantity')).toHaveProperty('value', '1');
  });

  it('is absent for a listing that is not on eBay', () => {
    render({ status: 'failed', error: 'Refused' });
    expect(screen.queryByTestId('live-listing')).toBeNull();
  });

  it('ends a live listing only after the confirmation', async () => {
    const { item, fetchMock } = render({});
    fireEvent.click(screen.getByRole('button', { name: 'End listing' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'End this eBay listing?' });
    expect(dialog.textContent).toContain('LIVE-1 comes down from eBay now');
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'End listing' }));
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(`/api/items/${item.id}/listings/ebay/end`, expect.objectContaining({ method: 'POST' })),
    );
  });

  it('sends a new price and quantity, refusing a price of 0', async () => {
    const { item, fetchMock } = render({});
    fireEvent.click(screen.getByRole('button', { name: 'Change price or quantity' }));
    // The form opens with the listing's terms.
    expect(screen.getByLabelText('Price ($)')).toHaveProperty('value', '30.00');
    expect(screen.getByLabelText('Quantity')).toHaveProperty('value', '1');
    fireEvent.change(screen.getByLabelText('Price ($)'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update on eBay' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter a price above $0.00.');
    // Said in the form's one message: the field itself is not marked.
    expect(screen.getByLabelText('Price ($)').getAttribute('aria-invalid')).toBeNull();
    // Finer than a cent is refused by the shared parser, never rounded to 12.50 and sent.
    fireEvent.change(screen.getByLabelText('Price ($)'), { target: { value: '12.499' } });
    // A change takes the message away until the form is sent again.
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Update on eBay' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter a price above $0.00.');
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Price ($)'), { target: { value: '12.5' } });
    fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update on eBay' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(`/api/items/${item.id}/publish-settings`);
    expect(JSON.parse(String(init?.body))).toEqual({ price: money(1250), quantity: 3 });
    // Sent: the form closes.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Update on eBay' })).toBeNull());
  });

  it('refuses a quantity under 1 or not whole, and says the server’s refusal in the form', async () => {
    const { fetchMock } = render({});
    fireEvent.click(screen.getByRole('button', { name: 'Change price or quantity' }));
    for (const quantity of ['0', '1.5', 'two']) {
      fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: quantity } });
      fireEvent.click(screen.getByRole('button', { name: 'Update on eBay' }));
      expect((await screen.findByRole('alert')).textContent).toBe('Enter a quantity of 1 or more.');
    }
    expect(fetchMock).not.toHaveBeenCalled();

    fetchMock.mockImplementation(async () =>
      Response.json({ error: { code: 'CONFLICT', message: 'eBay is busy with this listing.' } }, { status: 409 }),
    );
    fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update on eBay' }));
    expect((await screen.findByRole('alert')).textContent).toBe('eBay is busy with this listing.');
    const sent = fetchMock.mock.calls.filter(([url]) => url.endsWith('/publish-settings'));
    expect(sent.map(([, init]) => JSON.parse(String(init?.body)))).toEqual([{ price: money(3000), quantity: 2 }]);
    // Still open, as typed.
    expect(screen.getByLabelText('Quantity')).toHaveProperty('value', '2');
  });

  it('shows the change on its way with its buttons off, and a failure in eBay’s words', () => {
    render({ change: 'revise' });
    expect(screen.getByRole('status').textContent).toBe('Updating on eBay...');
    expect((screen.getByRole('button', { name: 'End listing' }) as HTMLButtonElement).disabled).toBe(true);
    cleanup();
    render({ error: 'Failed to update on eBay: The price is too low.' });
    expect(screen.getByTestId('listing-change-error').textContent).toBe('Failed to update on eBay: The price is too low.');
  });

  it('relists an ended listing', async () => {
    const { item, fetchMock } = render({ status: 'ended' });
    expect(screen.queryByRole('button', { name: 'End listing' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Relist on eBay' }));
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(`/api/items/${item.id}/listings/ebay/relist`, expect.objectContaining({ method: 'POST' })),
    );
  });
});
