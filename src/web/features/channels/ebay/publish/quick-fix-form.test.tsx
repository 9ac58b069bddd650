import { emptyPackageInput, packageMessages, readPackageInput } from './quick-fix-package';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReadinessResponse } from '@shared/contracts/publish';
import { money } from '@shared/domain/money';
import { makeChannelListing, makeListingItem } from '@/entities/items/make-listing-item';
import { createTestQueryClient } from '@/test/render-with-providers';
import { QuickFixForm } from './quick-fix-form';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The form's price list and comparables are asked of the server: here they never answer. */
function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
let client = createTestQueryClient();
beforeEach(() => {
  client = createTestQueryClient();
  vi.stubGlobal('fetch', () => new Promise(() => {}));
});

const readiness = {
  itemId: '11111111-1111-4111-8111-111111111111',
  isValid: false,
  errors: [],
  warnings: [],
  checklist: {},
  score: 50,
  ebay: { checked: true, unavailable: null, problems: [], categorySuggestions: [], condition: null },
  canPublish: false,
} as unknown as ReadinessResponse;

const withEbayPrice = (amountMinor: number) =>
  makeListingItem({
    category: 'Mens Jeans',
    condition: 'good',
    aiSuggestedPrice: money(3450),
    listings: [makeChannelListing({ channel: 'ebay', price: money(amountMinor), ownPrice: false })],
  });

describe('QuickFixForm', () => {
  it('saves no price when the seller left the field alone, even if the item’s price moved while the form was open', () => {
    const onSave = vi.fn();
    const props = { readiness, saving: false, error: null, onSave };
    const { rerender } = render(<QuickFixForm item={withEbayPrice(3450)} {...props} />, { wrapper });
    // An event recomputes eBay's price while the form is open (the listing's entry changed).
    rerender(<QuickFixForm item={withEbayPrice(2999)} {...props} />);
    fireEvent.click(screen.getByRole('button', { name: 'Apply Quick Fix' }));
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ price: null }));
  });

  it('saves the price the seller typed', () => {
    const onSave = vi.fn();
    render(<QuickFixForm item={withEbayPrice(3450)} readiness={readiness} saving={false} error={null} onSave={onSave} />, { wrapper });
    fireEvent.change(screen.getByLabelText(/Price/), { target: { value: '29.00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply Quick Fix' }));
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ price: money(2900) }));
  });
});

describe('Quick Fix package', () => {
  it('reads the parcel as eBay takes it, names what is missing, and sends nothing untyped', () => {
    expect(readPackageInput(emptyPackageInput)).toEqual({ ok: true, value: null });
    expect(readPackageInput({ ...emptyPackageInput, weight: '14', length: '12', width: '9', height: '2,5' })).toEqual({
      ok: true,
      value: { weight: { value: 14, unit: 'OUNCE' }, dimensions: { length: 12, width: 9, height: 2.5, unit: 'INCH' } },
    });
    expect(readPackageInput({ ...emptyPackageInput, length: '12' })).toEqual({ ok: false, message: packageMessages.weight });
    expect(readPackageInput({ ...emptyPackageInput, weight: '1', weightUnit: 'POUND', length: '12', width: '0', height: '2' })).toEqual({
      ok: false,
      message: packageMessages.size,
    });
  });
});
