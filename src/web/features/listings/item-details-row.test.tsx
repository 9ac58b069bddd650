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

  it('says a brand typed as a slip of the label’s under the field, and one tap puts the label’s in and saves it', () => {
    const onSave = vi.fn();
    const onChange = vi.fn();
    render(<ItemDetailsRow item={item} labelBrand="Barbour" onChange={onChange} onSave={onSave} />);
    const brand = screen.getByRole('textbox', { name: 'Brand of PSTFSH-001' });
    fireEvent.change(brand, { target: { value: 'Barbour' } });
    expect(screen.queryByTestId('brand-typo')).toBeNull();
    fireEvent.change(brand, { target: { value: 'Barbuor' } });
    expect(screen.getByTestId('brand-typo').textContent).toBe('The label says BarbourUse Barbour');
    expect(brand.getAttribute('aria-describedby')).toBe(screen.getByTestId('brand-typo').id);
    // It does not block: leaving the field saves what was typed.
    fireEvent.blur(brand);
    expect(onSave).toHaveBeenLastCalledWith({ brand: 'Barbuor' });
    fireEvent.click(screen.getByRole('button', { name: 'Use Barbour' }));
    expect((brand as HTMLInputElement).value).toBe('Barbour');
    expect(onSave).toHaveBeenLastCalledWith({ brand: 'Barbour' });
    expect(onChange).toHaveBeenLastCalledWith({ category: null, condition: null, brand: 'Barbour' });
    expect(screen.queryByTestId('brand-typo')).toBeNull();
  });

  it('says nothing with no label read, or a brand far from it', () => {
    const { rerender } = render(<ItemDetailsRow item={{ ...item, brand: 'Barbuor' }} onChange={vi.fn()} onSave={vi.fn()} />);
    expect(screen.queryByTestId('brand-typo')).toBeNull();
    rerender(<ItemDetailsRow item={{ ...item, brand: 'Barbuor' }} labelBrand="Barbour" onChange={vi.fn()} onSave={vi.fn()} />);
    expect(screen.getByTestId('brand-typo')).toBeTruthy();
    rerender(<ItemDetailsRow item={{ ...item, brand: 'Carhartt' }} labelBrand="Barbour" onChange={vi.fn()} onSave={vi.fn()} />);
    expect(screen.queryByTestId('brand-typo')).toBeNull();
  });
});
