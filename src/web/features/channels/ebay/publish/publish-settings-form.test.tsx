import { cleanup, fireEvent, screen } from '@testing-library/react';
import { money } from '@shared/domain/money';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeListingItem } from '@/entities/items/make-listing-item';
import { renderWithProviders } from '@/test/render-with-providers';
import { prefillPublishForm } from './publish-form';
import { PublishSettingsForm } from './publish-settings-form';

afterEach(cleanup);

/** The message the field is described by (its error, read as a screen reader would). */
const describedBy = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

function renderForm() {
  const onSave = vi.fn();
  const onPublish = vi.fn();
  renderWithProviders(
    <PublishSettingsForm
      sku="PSTFSH-001"
      initial={{ ...prefillPublishForm(makeListingItem()), categoryId: '11483' }}
      publishing={false}
      saving={false}
      reason={null}
      categoryOptions={[]}
      categoryHint={undefined}
      onSave={onSave}
      onPublish={onPublish}
    />,
  );
  const price = screen.getByLabelText('Price (USD)');
  return { onSave, onPublish, price };
}

describe('Publish Settings price (0.001 was saved as 0, 1/3 as 0.33)', () => {
  it('says by the field, as the seller types, that a price has at most 2 decimals; Save and Publish send nothing', () => {
    const { onSave, onPublish, price } = renderForm();
    for (const typed of ['0.001', '0.333', '18.499']) {
      fireEvent.change(price, { target: { value: typed } });
      expect(price.getAttribute('aria-invalid')).toBe('true');
      expect(describedBy(price)).toBe('Price can have at most 2 decimals');
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      fireEvent.click(screen.getByRole('button', { name: 'Publish to eBay' }));
    }
    expect(onSave).not.toHaveBeenCalled();
    expect(onPublish).not.toHaveBeenCalled();
  });

  it('refuses a price of 0 on Save, by the field; a price in cents is saved as typed', () => {
    const { onSave, price } = renderForm();
    fireEvent.change(price, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(describedBy(price)).toBe('Price must be a number above 0');
    expect(onSave).not.toHaveBeenCalled();

    fireEvent.change(price, { target: { value: '18.49' } });
    expect(price.getAttribute('aria-invalid')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onSave.mock.calls[0]?.[0]).toMatchObject({ price: money(1849), categoryId: '11483' });
  });
});
