import { emptyPackageInput, packageMessages, readPackageInput } from './quick-fix-package';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReadinessResponse } from '@shared/contracts/publish';
import { money } from '@shared/domain/money';
import { makeChannelListing, makeListingItem } from '@/test/make-listing-item';
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
  preflight: { checked: true, unavailable: null, problems: [], categorySuggestions: [], condition: null },
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
  it('saves no price when the seller left the field alone, even if the item’s price moved while the form was open', async () => {
    const onSave = vi.fn();
    const props = { readiness, saving: false, error: null, onSave };
    const { rerender } = render(<QuickFixForm item={withEbayPrice(3450)} {...props} />, { wrapper });
    // An event recomputes eBay's price while the form is open (the listing's entry changed).
    rerender(<QuickFixForm item={withEbayPrice(2999)} {...props} />);
    fireEvent.click(screen.getByRole('button', { name: 'Apply Quick Fix' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ price: null })));
  });

  it('saves the price the seller typed', async () => {
    const onSave = vi.fn();
    render(<QuickFixForm item={withEbayPrice(3450)} readiness={readiness} saving={false} error={null} onSave={onSave} />, { wrapper });
    fireEvent.change(screen.getByLabelText(/Price/), { target: { value: '29.00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply Quick Fix' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ price: money(2900) })));
  });

  it('says a price finer than a cent as it is typed, any other problem once Apply is tapped, and saves nothing then', async () => {
    const onSave = vi.fn();
    render(<QuickFixForm item={withEbayPrice(3450)} readiness={readiness} saving={false} error={null} onSave={onSave} />, { wrapper });
    const price = screen.getByLabelText(/Price/);
    fireEvent.change(price, { target: { value: '29.999' } });
    expect(await screen.findByText('Price can have at most 2 decimals')).toBeTruthy();
    expect(price.getAttribute('aria-invalid')).toBe('true');
    // 0 is not said while typing, nor marked.
    fireEvent.change(price, { target: { value: '0' } });
    await waitFor(() => expect(screen.queryByText('Price can have at most 2 decimals')).toBeNull());
    expect(screen.queryByText('Price must be a number above 0')).toBeNull();
    expect(price.getAttribute('aria-invalid')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Apply Quick Fix' }));
    expect(await screen.findByText('Price must be a number above 0')).toBeTruthy();
    expect(price.getAttribute('aria-invalid')).toBe('true');
    // Said as it is fixed, then saved.
    fireEvent.change(price, { target: { value: '31' } });
    await waitFor(() => expect(screen.queryByText('Price must be a number above 0')).toBeNull());
    expect(onSave).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Apply Quick Fix' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ fix: {}, price: money(3100) }));
  });

  it('sends only what changed: a category and condition picked, eBay’s category, the aspects typed and the parcel', async () => {
    const onSave = vi.fn();
    const asking = {
      ...readiness,
      preflight: {
        ...readiness.preflight,
        problems: [
          { field: 'category', message: 'Choose a leaf category' },
          { field: 'aspects', message: 'eBay needs Inseam', aspect: { name: 'Inseam (in.)', allowedValues: [] } },
          { field: 'aspects', message: 'eBay needs Department', aspect: { name: 'Department', allowedValues: ['Men', 'Women'] } },
          { field: 'package', message: 'eBay needs the package weight and size' },
        ],
        categorySuggestions: [{ id: '11483', name: 'Jeans', path: 'Clothing > Men' }],
      },
    } as ReadinessResponse;
    render(<QuickFixForm item={withEbayPrice(3450)} readiness={asking} saving={false} error={null} onSave={onSave} />, { wrapper });
    fireEvent.change(screen.getByLabelText('Condition'), { target: { value: 'excellent' } });
    fireEvent.change(screen.getByLabelText('eBay category'), { target: { value: '11483' } });
    fireEvent.change(screen.getByLabelText('Inseam (in.)'), { target: { value: ' 32 ' } });
    fireEvent.change(screen.getByLabelText('Department'), { target: { value: 'Men' } });
    // A parcel half typed is named, and nothing is saved.
    fireEvent.change(screen.getByLabelText('Length (in)'), { target: { value: '12' } });
    expect(screen.queryByText(packageMessages.weight)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Apply Quick Fix' }));
    expect((await screen.findByRole('alert')).textContent).toBe(packageMessages.weight);
    fireEvent.change(screen.getByLabelText('Weight'), { target: { value: '14' } });
    expect((await screen.findByRole('alert')).textContent).toBe(packageMessages.size);
    fireEvent.change(screen.getByLabelText('Width (in)'), { target: { value: '9' } });
    fireEvent.change(screen.getByLabelText('Height (in)'), { target: { value: '2,5' } });
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(onSave).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Apply Quick Fix' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]?.[0]).toEqual({
      fix: {
        condition: 'excellent',
        categoryId: '11483',
        aspects: { 'Inseam (in.)': '32', Department: 'Men' },
        package: { weight: { value: 14, unit: 'OUNCE' }, dimensions: { length: 12, width: 9, height: 2.5, unit: 'INCH' } },
      },
      price: null,
    });
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
