import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SellerRegionResponse } from '@shared/contracts/seller-region';
import { sellerRegionOf, type SellerCountry } from '@shared/domain/seller-region';
import { sellerRegionKey } from '@/entities/seller-region/use-seller-region';
import { createTestQueryClient, renderWithProviders } from '@/test/render-with-providers';
import { CreatePoliciesSheet } from './create-policies-sheet';
import { LocationSheet } from './location-sheet';

/** A UK seller was asked for a "State or province" and "Shipping"; in the UK it is a County and Postage. */
beforeEach(() => {
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ services: [] }), { status: 200 }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function sellerIn(country: SellerCountry) {
  const client = createTestQueryClient();
  client.setQueryData<SellerRegionResponse>(sellerRegionKey, { ...sellerRegionOf(country), source: 'seller' });
  return client;
}

describe("the eBay set-up sheets in the seller's words", () => {
  it('ask a UK seller for their County', async () => {
    renderWithProviders(<LocationSheet open onOpenChange={() => {}} current={null} />, { client: sellerIn('GB') });
    expect(await screen.findByLabelText('County')).toBeTruthy();
    expect(screen.queryByLabelText('State or province')).toBeNull();
  });

  it('ask a US seller for their State or province', async () => {
    renderWithProviders(<LocationSheet open onOpenChange={() => {}} current={null} />, { client: sellerIn('US') });
    expect(await screen.findByLabelText('State or province')).toBeTruthy();
  });

  it('say Postage to a UK seller and Shipping to a US one', async () => {
    const uk = renderWithProviders(<CreatePoliciesSheet open onOpenChange={() => {}} />, { client: sellerIn('GB') });
    expect(await screen.findByLabelText('Free postage')).toBeTruthy();
    expect(screen.getByLabelText('Postage cost (GBP)')).toBeTruthy();
    expect(screen.queryByText(/shipping/i)).toBeNull();
    uk.unmount();
    renderWithProviders(<CreatePoliciesSheet open onOpenChange={() => {}} />, { client: sellerIn('US') });
    expect(await screen.findByLabelText('Free shipping')).toBeTruthy();
  });
});
