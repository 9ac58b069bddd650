import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CATEGORIES } from '@shared/domain/catalog';
import { ItemDetailsRow } from './item-details-row';

afterEach(cleanup);

const item = { sku: 'PSTFSH-001', category: null, condition: null, brand: null };

describe('ItemDetailsRow', () => {
  it('offers the agreed categories and conditions, and saves only the field picked', () => {
    const onSave = vi.fn();
    const onChange = vi.fn();
    render(<ItemDetailsRow item={item} onChange={onChange} onSave={onSave} />);
    const category = screen.getByRole('combobox', { name: 'Category of PSTFSH-001' });
    expect([...category.querySelectorAll('option')].map((o) => o.textContent)).toEqual(['Category', ...CATEGORIES]);
    const condition = screen.getByRole('combobox', { name: 'Condition of PSTFSH-001' });
    expect([...condition.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'Condition',
      'New with tags',
      'New without tags',
      'Excellent',
      'Good',
      'Fair',
    ]);

    // Two quick picks before the server answers: neither undoes the other.
    fireEvent.change(category, { target: { value: 'Mens Jeans' } });
    fireEvent.change(condition, { target: { value: 'good' } });
    expect(onSave.mock.calls).toEqual([[{ category: 'Mens Jeans' }], [{ condition: 'good' }]]);
    expect(onChange).toHaveBeenLastCalledWith({ category: 'Mens Jeans', condition: 'good', brand: null });
  });

  it('reports the brand while it is typed and saves it when the field is left', () => {
    const onSave = vi.fn();
    const onChange = vi.fn();
    render(<ItemDetailsRow item={item} onChange={onChange} onSave={onSave} />);
    const brand = screen.getByRole('textbox', { name: 'Brand of PSTFSH-001' });
    fireEvent.change(brand, { target: { value: ' Levi’s ' } });
    expect(onChange).toHaveBeenLastCalledWith({ category: null, condition: null, brand: 'Levi’s' });
    expect(onSave).not.toHaveBeenCalled();
    fireEvent.blur(brand);
    expect(onSave).toHaveBeenCalledWith({ brand: 'Levi’s' });
  });
});
