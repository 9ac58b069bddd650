import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ebayPaths, type EbayConnection } from '@shared/contracts/ebay';
import type { SellerRegionResponse } from '@shared/contracts/seller-region';
import { setMoneyLocale } from '@shared/domain/money';
import { sellerRegionOf, type SellerCountry } from '@shared/domain/seller-region';
import { sellerRegionKey } from '@/entities/seller-region/use-seller-region';
import { createTestQueryClient, renderWithProviders } from '@/test/render-with-providers';
import { CreatePoliciesSheet } from './create-policies-sheet';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setMoneyLocale('en-US');
});

const services = [
  { code: 'USPSPriority', carrier: 'USPS', description: 'USPS Priority Mail', minDays: 1, maxDays: 3 },
  { code: 'UPSGround', carrier: 'UPS', description: 'UPS Ground', minDays: 1, maxDays: 5 },
];

const connection: EbayConnection = {
  ebayUserId: 'fakeuser01',
  ebayUsername: 'fakeuser01',
  environment: 'sandbox',
  marketplaceId: 'EBAY_US',
  updatedAt: '2026-11-28T12:00:00.000Z',
  tokenExpiresAt: '2026-11-28T14:00:00.000Z',
  refreshTokenExpiresAt: null,
  status: 'connected',
  policies: { paymentPolicyId: 'P1', fulfillmentPolicyId: 'F1', returnPolicyId: 'R1' },
  defaultLocation: null,
  sharedWithAnotherAccount: false,
  salesAccess: true,
};

/** eBay's shipping services (answered once `release` is called, when given) and every POST of the policies, recorded. */
function server({ release }: { release?: Promise<void> } = {}) {
  const posts: unknown[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    if (path === ebayPaths.shippingServices) {
      await release;
      return Response.json({ services });
    }
    if (path === ebayPaths.policies && init?.method === 'POST') {
      posts.push(JSON.parse(init.body as string));
      return Response.json(connection);
    }
    return Response.json(null);
  });
  return posts;
}

function sellerIn(country: SellerCountry) {
  const client = createTestQueryClient();
  client.setQueryData<SellerRegionResponse>(sellerRegionKey, { ...sellerRegionOf(country), source: 'seller' });
  return client;
}

function open(country: SellerCountry = 'US') {
  const onOpenChange = vi.fn();
  renderWithProviders(<CreatePoliciesSheet open onOpenChange={onOpenChange} />, { client: sellerIn(country) });
  const sheet = screen.getByRole('dialog', { name: 'Create Policies' });
  const button = () => within(sheet).getByRole('button', { name: 'Create Policies' }) as HTMLButtonElement;
  return { sheet, button, onOpenChange };
}

describe('CreatePoliciesSheet', () => {
  it('sends the service, cost, handling time and returns picked, the cost as the decimal eBay takes', async () => {
    const posts = server();
    const { sheet, button, onOpenChange } = open();
    const service = (await within(sheet).findByLabelText('Shipping service')) as HTMLSelectElement;
    // eBay's first service until another is picked; the cost suggested.
    expect(service.value).toBe('USPSPriority');
    expect(within(sheet).getByLabelText('Shipping cost (USD)')).toHaveProperty('value', '5.99');
    await waitFor(() => expect(button().disabled).toBe(false));
    fireEvent.change(service, { target: { value: 'UPSGround' } });
    fireEvent.change(within(sheet).getByLabelText('Shipping cost (USD)'), { target: { value: '$7.25' } });
    fireEvent.change(within(sheet).getByLabelText('Handling time'), { target: { value: '2' } });
    fireEvent.change(within(sheet).getByLabelText('Returns'), { target: { value: '60' } });
    fireEvent.click(button());
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(posts).toEqual([
      { handlingTimeDays: 2, shippingServiceCode: 'UPSGround', shippingCost: '7.25', freeShipping: false, returnPeriodDays: 60 },
    ]);
    expect(within(screen.getByTestId('toasts')).getByText('Business policies created successfully')).toBeTruthy();
  });

  it('waits for eBay’s services, says a cost it cannot read as it is typed, and sends free shipping as 0', async () => {
    let answer = () => {};
    const posts = server({ release: new Promise<void>((resolve) => (answer = resolve)) });
    const { sheet, button, onOpenChange } = open();
    expect(within(sheet).getByText('Loading shipping services from eBay...')).toBeTruthy();
    expect(button().disabled).toBe(true);
    answer();
    await within(sheet).findByLabelText('Shipping service');
    await waitFor(() => expect(button().disabled).toBe(false));

    const cost = within(sheet).getByLabelText('Shipping cost (USD)');
    fireEvent.change(cost, { target: { value: 'five' } });
    expect(await within(sheet).findByText('Enter an amount like 5.99')).toBeTruthy();
    expect(cost.getAttribute('aria-invalid')).toBe('true');
    expect(button().disabled).toBe(true);
    fireEvent.change(cost, { target: { value: '100000' } });
    await waitFor(() => expect(button().disabled).toBe(true));
    expect(within(sheet).getByText('Enter an amount like 5.99')).toBeTruthy();

    fireEvent.click(within(sheet).getByLabelText('Free shipping'));
    expect(within(sheet).queryByLabelText('Shipping cost (USD)')).toBeNull();
    await waitFor(() => expect(button().disabled).toBe(false));
    // Shipping paid again: the cost left unreadable is said again.
    fireEvent.click(within(sheet).getByLabelText('Free shipping'));
    expect(await within(sheet).findByText('Enter an amount like 5.99')).toBeTruthy();
    await waitFor(() => expect(button().disabled).toBe(true));
    fireEvent.click(within(sheet).getByLabelText('Free shipping'));
    await waitFor(() => expect(button().disabled).toBe(false));
    fireEvent.click(button());
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(posts).toEqual([
      { handlingTimeDays: 1, shippingServiceCode: 'USPSPriority', shippingCost: '0', freeShipping: true, returnPeriodDays: 30 },
    ]);
  });

  it('reads a UK seller’s postage in pounds as typed in a German browser', async () => {
    setMoneyLocale('de-DE');
    const posts = server();
    const { sheet, button, onOpenChange } = open('GB');
    await within(sheet).findByLabelText('Postage service');
    const cost = within(sheet).getByLabelText('Postage cost (GBP)');
    expect(cost).toHaveProperty('value', '5,99');
    fireEvent.change(cost, { target: { value: '3,50' } });
    await waitFor(() => expect(button().disabled).toBe(false));
    fireEvent.click(button());
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(posts).toEqual([
      { handlingTimeDays: 1, shippingServiceCode: 'USPSPriority', shippingCost: '3.50', freeShipping: false, returnPeriodDays: 30 },
    ]);
  });
});
