import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render-with-providers';
import { LocationSheet } from './location-sheet';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A UK seller; every PUT of the location recorded. */
function server() {
  const puts: unknown[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.method === 'PUT') {
      puts.push(JSON.parse(init.body as string));
      return Response.json({ message: 'not needed here' }, { status: 500 });
    }
    if (String(input).includes('seller-region'))
      return Response.json({
        country: 'GB',
        label: 'United Kingdom',
        currency: 'GBP',
        locale: 'en-GB',
        ebayMarketplaceId: 'EBAY_GB',
        productSafety: true,
        source: 'seller',
      });
    return Response.json(null);
  });
  return puts;
}

describe('LocationSheet', () => {
  it('asks for the postal code in the contract’s words, then sends the address trimmed, in the seller’s country', async () => {
    const puts = server();
    renderWithProviders(<LocationSheet open onOpenChange={vi.fn()} current={null} />);
    const sheet = screen.getByRole('dialog', { name: 'Default location' });
    await waitFor(() => expect((within(sheet).getByLabelText('Country') as HTMLSelectElement).value).toBe('GB'));
    expect(within(sheet).getByLabelText('County')).toBeTruthy();
    fireEvent.click(within(sheet).getByRole('button', { name: 'Save Location' }));
    expect(await within(sheet).findByText('Postal code is required')).toBeTruthy();
    expect(puts).toEqual([]);
    fireEvent.change(within(sheet).getByLabelText('Postal code'), { target: { value: ' SW1A 1AA ' } });
    fireEvent.change(within(sheet).getByLabelText('City'), { target: { value: 'London' } });
    fireEvent.click(within(sheet).getByRole('button', { name: 'Save Location' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({ name: 'Home', addressLine1: '', city: 'London', stateOrProvince: '', postalCode: 'SW1A 1AA', country: 'GB' });
  });
});
