import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SellerRegionResponse } from '@shared/contracts/seller-region';
import { sellerRegionOf, type SellerCountry } from '@shared/domain/seller-region';
import { sellerRegionKey } from '@/entities/seller-region/use-seller-region';
import { createTestQueryClient, renderWithProviders } from '@/test/render-with-providers';
import { SellerRegionCard } from '@/entities/seller-region/seller-region-card';
import { ebayRegionMarketplace } from './region-marketplace';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const regionIn = (country: SellerCountry, source: SellerRegionResponse['source'] = 'seller'): SellerRegionResponse => ({
  ...sellerRegionOf(country),
  source,
});

/**
 * A seller in the UK (from their eBay account) on a server that keeps the region; every PUT recorded and answered
 * with the region it chose. `moveTo` changes the region as another tab would, and the screen reads it again.
 */
function sellerInUk(refuse?: () => Response) {
  let saved = regionIn('GB', 'ebay-account');
  const puts: unknown[] = [];
  vi.stubGlobal('fetch', async (_input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.method === 'PUT') {
      const body = JSON.parse(init.body as string) as { country: SellerCountry };
      puts.push(body);
      if (refuse) return refuse();
      saved = regionIn(body.country);
    }
    return Response.json(saved);
  });
  const client = createTestQueryClient();
  client.setQueryData<SellerRegionResponse>(sellerRegionKey, saved);
  const moveTo = async (country: SellerCountry) => {
    saved = regionIn(country);
    await act(async () => {
      client.setQueryData<SellerRegionResponse>(sellerRegionKey, saved);
    });
  };
  return { puts, client, moveTo };
}

const country = () => screen.getByLabelText('Country') as HTMLSelectElement;
const saveButton = () => screen.getByRole('button', { name: 'Save Country' }) as HTMLButtonElement;
const warning = /Items you already have keep their currency/;

describe('SellerRegionCard', () => {
  it('shows where the seller sells from, with Save Country off until another country is picked', () => {
    const { client } = sellerInUk();
    renderWithProviders(<SellerRegionCard marketplace={ebayRegionMarketplace} />, { client });
    expect(screen.getByTestId('seller-region-summary').textContent).toBe(
      'United Kingdom (pounds), from your eBay account: you list on eBay UK, and new items are priced in GBP.',
    );
    expect(country().value).toBe('GB');
    expect(screen.getByText('eBay UK · prices, costs, fees and profit in GBP')).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
    expect(screen.queryByText(warning)).toBeNull();
  });

  it('previews the picked country, warns, and saves it', async () => {
    const { client, puts } = sellerInUk();
    renderWithProviders(<SellerRegionCard marketplace={ebayRegionMarketplace} />, { client });
    fireEvent.change(country(), { target: { value: 'DE' } });
    expect(screen.getByText('eBay Germany · prices, costs, fees and profit in EUR')).toBeTruthy();
    expect(screen.getByText(warning).textContent).toBe(
      'Items you already have keep their currency. After saving, create your policies and set your location again for eBay Germany.',
    );
    expect(saveButton().disabled).toBe(false);

    fireEvent.click(saveButton());
    await waitFor(() => expect(puts).toEqual([{ country: 'DE' }]));
    expect(await screen.findByText('You sell from Germany (euros): eBay Germany, prices in EUR')).toBeTruthy();
    expect(screen.getByTestId('seller-region-summary').textContent).toContain('Germany (euros), your choice');
    expect(country().value).toBe('DE');
    await waitFor(() => expect(saveButton().disabled).toBe(true));
    expect(screen.queryByText(warning)).toBeNull();
  });

  it('picking the saved country again sends nothing', async () => {
    const { client, puts } = sellerInUk();
    renderWithProviders(<SellerRegionCard marketplace={ebayRegionMarketplace} />, { client });
    fireEvent.change(country(), { target: { value: 'FR' } });
    fireEvent.change(country(), { target: { value: 'GB' } });
    expect(saveButton().disabled).toBe(true);
    fireEvent.submit(country().closest('form')!);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(puts).toEqual([]);
  });

  it('follows the saved country until the seller picks one, then keeps the pick', async () => {
    const { client, moveTo } = sellerInUk();
    renderWithProviders(<SellerRegionCard marketplace={ebayRegionMarketplace} />, { client });
    await waitFor(() => expect(client.isFetching()).toBe(0));
    await moveTo('FR');
    await waitFor(() => expect(country().value).toBe('FR'));
    fireEvent.change(country(), { target: { value: 'IT' } });
    await moveTo('ES');
    await waitFor(() => expect(screen.getByTestId('seller-region-summary').textContent).toContain('Spain (euros)'));
    expect(country().value).toBe('IT');
    expect(saveButton().disabled).toBe(false);
  });

  it('says why a save failed', async () => {
    const { client } = sellerInUk(() => Response.json({ error: { code: 'VALIDATION_FAILED', message: 'Not today' } }, { status: 400 }));
    renderWithProviders(<SellerRegionCard marketplace={ebayRegionMarketplace} />, { client });
    fireEvent.change(country(), { target: { value: 'AU' } });
    fireEvent.click(saveButton());
    expect((await screen.findByRole('alert')).textContent).toBe('Not today');
    expect(country().value).toBe('AU');
  });
});
