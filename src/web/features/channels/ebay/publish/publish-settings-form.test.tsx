import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { publishMessages } from '@shared/contracts/publish';
import { money } from '@shared/domain/money';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeListingItem } from '@/test/make-listing-item';
import { renderWithProviders } from '@/test/render-with-providers';
import { prefillPublishForm, quantityMessage, type PublishFormValues } from './publish-form';
import { PublishSettingsForm, type CategoryOption } from './publish-settings-form';

afterEach(cleanup);

/** The message the field is described by (its error, read as a screen reader would). */
const describedBy = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

function renderForm({
  initial = {},
  categoryOptions = [],
}: { initial?: Partial<PublishFormValues>; categoryOptions?: CategoryOption[] } = {}) {
  const onSave = vi.fn();
  const onPublish = vi.fn();
  renderWithProviders(
    <PublishSettingsForm
      sku="PSTFSH-001"
      initial={{ ...prefillPublishForm(makeListingItem()), categoryId: '11483', ...initial }}
      publishing={false}
      saving={false}
      reason={null}
      categoryOptions={categoryOptions}
      categoryHint={undefined}
      onSave={onSave}
      onPublish={onPublish}
    />,
  );
  const price = screen.getByLabelText('Price (USD)');
  return { onSave, onPublish, price };
}

describe('Publish Settings price (0.001 was saved as 0, 1/3 as 0.33)', () => {
  it('says by the field, as the seller types, that a price has at most 2 decimals; Save and Publish send nothing', async () => {
    const { onSave, onPublish, price } = renderForm();
    for (const typed of ['0.001', '0.333', '18.499']) {
      fireEvent.change(price, { target: { value: typed } });
      await waitFor(() => expect(price.getAttribute('aria-invalid')).toBe('true'));
      expect(describedBy(price)).toBe('Price can have at most 2 decimals');
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      fireEvent.click(screen.getByRole('button', { name: 'Publish to eBay' }));
    }
    // Both refused by the price field alone.
    await waitFor(() => expect(describedBy(price)).toBe('Price can have at most 2 decimals'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onSave).not.toHaveBeenCalled();
    expect(onPublish).not.toHaveBeenCalled();
  });

  it('refuses a price of 0 on Save, by the field; a price in cents is saved as typed', async () => {
    const { onSave, price } = renderForm();
    fireEvent.change(price, { target: { value: '0' } });
    // Not said while typed, before Save.
    await waitFor(() => expect(price.getAttribute('aria-invalid')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(describedBy(price)).toBe('Price must be a number above 0'));
    expect(onSave).not.toHaveBeenCalled();

    fireEvent.change(price, { target: { value: '18.49' } });
    await waitFor(() => expect(price.getAttribute('aria-invalid')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]?.[0]).toMatchObject({ price: money(1849), categoryId: '11483' });
  });

  it('says a price of 0 by the field once the seller leaves it', async () => {
    const { price } = renderForm();
    fireEvent.change(price, { target: { value: '0' } });
    await waitFor(() => expect(price.getAttribute('aria-invalid')).toBeNull());
    fireEvent.blur(price);
    await waitFor(() => expect(describedBy(price)).toBe('Price must be a number above 0'));
    expect(price.getAttribute('aria-invalid')).toBe('true');
  });
});

describe('Publish Settings', () => {
  it('asks for price and category on Publish in one message, while Save keeps a form without them', async () => {
    const { onSave, onPublish, price } = renderForm();
    fireEvent.change(price, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Publish to eBay' }));
    expect((await screen.findByRole('alert')).textContent).toContain(publishMessages.missingRequired);
    expect(onPublish).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]?.[0]).not.toHaveProperty('price');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses a quantity under 1 under the form, and sends only the item specifics of the category chosen', async () => {
    const jeans = { id: '11483', label: 'Clothing > Men > Jeans' };
    const { onPublish, price } = renderForm({
      initial: { itemSpecifics: { 'Sleeve Length': 'Long Sleeve', Pattern: 'Solid' } },
      categoryOptions: [jeans, { id: '57990', label: 'Clothing > Men > Casual Shirts' }],
    });
    fireEvent.change(price, { target: { value: '41.25' } });
    fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Publish to eBay' }));
    expect((await screen.findByRole('alert')).textContent).toContain(quantityMessage);
    expect(onPublish).not.toHaveBeenCalled();

    // Jeans: no Sleeve Length asked, nor sent.
    expect(screen.queryByLabelText('Sleeve Length')).toBeNull();
    fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('Brand'), { target: { value: ' Levi’s ' } });
    fireEvent.change(screen.getByLabelText('Material'), { target: { value: 'Denim' } });
    // The message stays until the form is sent again.
    expect(screen.getByRole('alert').textContent).toContain(quantityMessage);
    fireEvent.click(screen.getByRole('button', { name: 'Publish to eBay' }));
    await waitFor(() => expect(onPublish).toHaveBeenCalledTimes(1));
    expect(onPublish.mock.calls[0]?.[0]).toMatchObject({
      price: money(4125),
      quantity: 2,
      categoryId: '11483',
      brand: 'Levi’s',
    });
    expect(onPublish.mock.calls[0]?.[0].itemSpecifics).toEqual({ Pattern: 'Solid', Material: 'Denim' });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
