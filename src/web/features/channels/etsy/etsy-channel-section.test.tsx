import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { etsyPaths, etsyShopSetupMessages, type EtsyConnectionResponse } from '@shared/contracts/etsy';
import { sellerRegionRoutes } from '@shared/contracts/seller-region';
import { sellerRegionOf } from '@shared/domain/seller-region';
import { sellerRegionKey } from '@/entities/seller-region/use-seller-region';
import { createTestQueryClient, renderWithProviders } from '@/test/render-with-providers';
import { EtsyChannelSection } from './etsy-channel-section';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

type Shop = NonNullable<NonNullable<EtsyConnectionResponse['connection']>['shop']>;

const bare: Shop = {
  shopId: '1',
  shopName: 'VintageFinds',
  currency: 'GBP',
  shippingProfile: null,
  returnPolicy: null,
  processingProfile: null,
};
const connected = (shop: Shop): EtsyConnectionResponse => ({
  configured: true,
  connection: { status: 'connected', shop, connectedAt: '2026-11-28T12:00:00.000Z' },
});

/** A UK seller's Etsy shop with nothing set up; every setup recorded, answered with the shop set up. */
function server(shop: Shop = bare) {
  const setups: unknown[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    if (path === etsyPaths.connection) return Response.json(connected(shop));
    if (path === sellerRegionRoutes.region) return Response.json({ ...sellerRegionOf('GB'), source: 'seller' });
    if (path === etsyPaths.shopSetup && init?.method === 'POST') {
      setups.push(JSON.parse(init.body as string));
      return Response.json(
        connected({
          ...shop,
          shippingProfile: { id: 's', title: 'Standard' },
          processingProfile: { id: 'p', label: '1-3 days' },
          returnPolicy: { id: 'r', acceptsReturns: true, days: 30 },
        }),
      );
    }
    return Response.json(null, { status: 404 });
  });
  return setups;
}

async function open() {
  // Where the seller sells from is known (it gives the country shipped from).
  const client = createTestQueryClient();
  client.setQueryData(sellerRegionKey, { ...sellerRegionOf('GB'), source: 'seller' });
  renderWithProviders(<EtsyChannelSection />, { client });
  const form = await screen.findByRole('form', { name: 'Set up your Etsy shop' });
  const save = within(form).getByRole('button', { name: 'Save shop setup' });
  return { form, save };
}

describe('the Etsy shop setup', () => {
  it('says one problem at a time under the form, until it is saved again, and sends nothing then', async () => {
    const setups = server();
    const { form, save } = await open();
    fireEvent.click(save);
    expect((await within(form).findByRole('alert')).textContent).toBe('Enter the postal code you ship from.');
    fireEvent.change(within(form).getByLabelText('Ship-from postal code'), { target: { value: 'SW1A 1AA' } });
    // Said until Save is tapped again.
    expect(within(form).getByRole('alert').textContent).toBe('Enter the postal code you ship from.');

    const price = within(form).getByLabelText('Shipping price (£)');
    expect(price).toHaveProperty('value', '5.00');
    fireEvent.change(price, { target: { value: 'free' } });
    fireEvent.click(save);
    await waitFor(() => expect(within(form).getByRole('alert').textContent).toBe('Enter a shipping price of 0 or more.'));
    // The field is not marked: the form says it.
    expect(price.getAttribute('aria-invalid')).toBeNull();
    fireEvent.change(price, { target: { value: '4.555' } });
    fireEvent.click(save);
    await waitFor(() => expect(within(form).getByRole('alert').textContent).toBe('An amount can have at most 2 decimals'));

    fireEvent.change(price, { target: { value: '3.50' } });
    fireEvent.change(within(form).getByLabelText('Ships within (fewest days)'), { target: { value: '5' } });
    fireEvent.click(save);
    await waitFor(() => expect(within(form).getByRole('alert').textContent).toBe(etsyShopSetupMessages.processingDays));
    fireEvent.change(within(form).getByLabelText('Ships within (fewest days)'), { target: { value: '1' } });
    fireEvent.change(within(form).getByLabelText('Delivery takes (fewest days)'), { target: { value: '14' } });
    fireEvent.click(save);
    await waitFor(() => expect(within(form).getByRole('alert').textContent).toBe(etsyShopSetupMessages.deliveryDays));
    expect(setups).toEqual([]);
  });

  it('sends the shipping from the seller’s country in the shop’s currency, and the returns', async () => {
    const setups = server();
    const { form, save } = await open();
    fireEvent.change(within(form).getByLabelText('Ship-from postal code'), { target: { value: ' SW1A 1AA ' } });
    fireEvent.change(within(form).getByLabelText('Shipping price (£)'), { target: { value: '3.5' } });
    fireEvent.change(within(form).getByLabelText('Ships within (most days)'), { target: { value: '5' } });
    fireEvent.change(within(form).getByLabelText('Days to return'), { target: { value: '60' } });
    fireEvent.click(save);
    await waitFor(() => expect(setups).toHaveLength(1));
    expect(setups[0]).toEqual({
      shipping: {
        originPostalCode: 'SW1A 1AA',
        originCountry: 'GB',
        price: { amountMinor: 350, currency: 'GBP' },
        processingDaysMin: 1,
        processingDaysMax: 5,
        deliveryDaysMin: 2,
        deliveryDaysMax: 5,
      },
      returns: { acceptsReturns: true, days: 60 },
    });
    // Set up: the form goes.
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Set up your Etsy shop' })).toBeNull());
  });

  it('asks only what the shop lacks: no returns, no days sent', async () => {
    const setups = server({ ...bare, shippingProfile: { id: 's', title: 'Standard' }, processingProfile: { id: 'p', label: '1-3 days' } });
    const { form, save } = await open();
    expect(within(form).queryByLabelText('Ship-from postal code')).toBeNull();
    fireEvent.click(within(form).getByLabelText('Accept returns'));
    expect(within(form).queryByLabelText('Days to return')).toBeNull();
    fireEvent.click(save);
    await waitFor(() => expect(setups).toEqual([{ returns: { acceptsReturns: false } }]));
  });
});
