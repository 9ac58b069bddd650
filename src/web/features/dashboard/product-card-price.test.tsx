import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ListedItem } from '@shared/contracts/items';
import { money } from '@shared/domain/money';
import { makeChannelListing, makeListingItem } from '@/test/make-listing-item';
import { renderWithProviders } from '@/test/render-with-providers';
import { ProductCard } from './product-card';

/** No card said what the item asks, and "Publish when ready" stayed on published cards. */
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderCard(item: ListedItem) {
  renderWithProviders(
    <ul>
      <ProductCard
        item={item}
        selecting={false}
        selected={false}
        onToggleSelected={vi.fn()}
        onDelete={vi.fn()}
        onAutopilot={vi.fn()}
        onListOn={vi.fn()}
      />
    </ul>,
  );
}

describe("a product card's price and actions", () => {
  it("shows the seller's asking price in the item's currency", () => {
    renderCard(makeListingItem({ currency: 'GBP', askingPrice: money(2500, 'GBP'), aiSuggestedPrice: money(1900, 'GBP') }));
    expect(screen.getByTestId('card-price').textContent).toBe('£25.00');
  });

  it('without an asking price, the price its listing gets (the price list), else the AI’s', () => {
    renderCard(
      makeListingItem({
        aiSuggestedPrice: null,
        listings: [makeChannelListing({ status: 'live', price: money(2800), priceSource: 'price-list' })],
      }),
    );
    expect(screen.getByTestId('card-price').textContent).toBe('$28.00');
    cleanup();
    renderCard(makeListingItem({ aiSuggestedPrice: money(1950) }));
    expect(screen.getByTestId('card-price').textContent).toBe('$19.50');
  });

  it('shows no price while nothing prices the item', () => {
    renderCard(makeListingItem());
    expect(screen.queryByTestId('card-price')).toBeNull();
  });

  it('offers "Publish when ready" on a draft, and not once it is published', () => {
    renderCard(makeListingItem({ sku: 'PSTFSH-001' }));
    expect(screen.getByRole('button', { name: 'Publish when ready: PSTFSH-001' })).toBeTruthy();
    cleanup();
    renderCard(makeListingItem({ sku: 'PSTFSH-002', listings: [makeChannelListing({ status: 'live', price: money(2800) })] }));
    expect(screen.queryByRole('button', { name: 'Publish when ready: PSTFSH-002' })).toBeNull();
    cleanup();
    renderCard(makeListingItem({ sku: 'PSTFSH-003', listings: [makeChannelListing({ status: 'failed' })] }));
    expect(screen.getByRole('button', { name: 'Publish when ready: PSTFSH-003' })).toBeTruthy();
  });
});
