import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PriceRuleBody } from '@shared/contracts/assisted';
import { renderWithProviders } from '@/test/render-with-providers';
import { PriceRuleRow } from './price-rule-row';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Every PUT of a rule recorded and answered as saved (or refused with `refusal`). */
function server(refusal?: string) {
  const puts: Array<{ url: string; body: unknown }> = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.method === 'PUT') {
      puts.push({ url: String(input), body: JSON.parse(init.body as string) });
      if (refusal) return Response.json({ error: { code: 'VALIDATION_FAILED', message: refusal } }, { status: 400 });
      return Response.json(JSON.parse(init.body as string));
    }
    return Response.json({ rules: {} });
  });
  return puts;
}

const row = (saved: PriceRuleBody) => (
  <ul>
    <PriceRuleRow channel="etsy" saved={saved} />
  </ul>
);
const percent = () => screen.getByLabelText('Price change on Etsy (%)') as HTMLInputElement;
const rounding = () => screen.getByLabelText('Rounding on Etsy') as HTMLSelectElement;
const saveButton = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
const problem = 'Enter a percent from -90 to 500.';

describe('PriceRuleRow', () => {
  it('shows the saved rule with Save off; a new percent is saved as a number', async () => {
    const puts = server();
    renderWithProviders(row({ percent: 0, rounding: 'none' }));
    expect(screen.getByTestId('price-rule-summary').textContent).toBe('Same price');
    expect(percent().value).toBe('0');
    expect(rounding().value).toBe('none');
    expect(saveButton().disabled).toBe(true);

    fireEvent.change(percent(), { target: { value: '-12.5' } });
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    fireEvent.click(saveButton());
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({ url: '/api/channels/etsy/price-rule', body: { percent: -12.5, rounding: 'none' } });
    expect(await screen.findByText('Etsy price rule saved.')).toBeTruthy();
  });

  it('says a percent out of bounds, not a number or past the hundredth as it is typed, and keeps Save off', async () => {
    const puts = server();
    renderWithProviders(row({ percent: 10, rounding: 'none' }));
    for (const typed of ['600', '-91', 'ten', '12.345', '']) {
      fireEvent.change(percent(), { target: { value: typed } });
      const message = await screen.findByText(problem);
      expect(percent().getAttribute('aria-invalid')).toBe('true');
      expect(percent().getAttribute('aria-describedby')).toBe(message.id);
      expect(saveButton().disabled).toBe(true);
    }
    fireEvent.submit(percent().closest('form')!);
    fireEvent.change(percent(), { target: { value: '500' } });
    await waitFor(() => expect(screen.queryByText(problem)).toBeNull());
    expect(percent().getAttribute('aria-invalid')).toBeNull();
    expect(percent().getAttribute('aria-describedby')).toBeNull();
    expect(puts).toEqual([]);
  });

  it('counts the rounding as a change, and the same percent written otherwise as none', async () => {
    const puts = server();
    renderWithProviders(row({ percent: 10, rounding: 'none' }));
    fireEvent.change(percent(), { target: { value: '10.00' } });
    await waitFor(() => expect(percent().value).toBe('10.00'));
    expect(saveButton().disabled).toBe(true);
    fireEvent.change(rounding(), { target: { value: 'cents99' } });
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    fireEvent.click(saveButton());
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]!.body).toEqual({ percent: 10, rounding: 'cents99' });
  });

  it('shows the saved rule again when it changes', async () => {
    server();
    /** The rule as another screen saves it. */
    function SavedElsewhere() {
      const [saved, setSaved] = useState<PriceRuleBody>({ percent: 10, rounding: 'none' });
      return (
        <>
          <button type="button" onClick={() => setSaved({ percent: -5, rounding: 'whole' })}>
            Saved elsewhere
          </button>
          {row(saved)}
        </>
      );
    }
    renderWithProviders(<SavedElsewhere />);
    fireEvent.change(percent(), { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Saved elsewhere' }));
    await waitFor(() => expect(percent().value).toBe('-5'));
    expect(screen.getByTestId('price-rule-summary').textContent).toBe('−5%, rounded to whole amounts');
    expect(rounding().value).toBe('whole');
    expect(saveButton().disabled).toBe(true);
  });

  it('says why a save failed', async () => {
    server('percent: Too big');
    renderWithProviders(row({ percent: 0, rounding: 'none' }));
    fireEvent.change(percent(), { target: { value: '15' } });
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    fireEvent.click(saveButton());
    expect(await screen.findByText('The Etsy price rule was not saved: percent: Too big')).toBeTruthy();
  });
});
