import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BrandSafetyView } from '@shared/contracts/ebay-product-safety';
import { renderWithProviders } from '@/test/render-with-providers';
import { ProductSafetyCard, safetyWords } from './product-safety-card';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const brand = (name: string): BrandSafetyView => ({
  brand: name,
  manufacturer: { companyName: `${name} Ltd`, city: 'London', country: 'GB' },
  responsiblePerson: { companyName: `${name} EU`, city: 'Dublin', country: 'IE' },
  updatedAt: '2026-12-01T08:00:00.000Z',
});

/**
 * A UK seller's brands, Boden and Joules. Removing Boden fails (500), Joules is forgotten; each removal is held until
 * `answer()`, so both are sent before either is answered.
 */
function server() {
  let brands = [brand('Boden'), brand('Joules')];
  const held: Array<() => void> = [];
  const deletes: string[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (init?.method === 'DELETE') {
      const name = decodeURIComponent(url.pathname.split('/').pop()!);
      deletes.push(name);
      await new Promise<void>((resolve) => held.push(resolve));
      if (name === 'Boden')
        return Response.json({ error: { code: 'INTERNAL', message: 'Could not remove Boden just now' } }, { status: 500 });
      brands = brands.filter((b) => b.brand !== name);
      return new Response(null, { status: 204 });
    }
    return Response.json({ required: true, brands });
  });
  return { deletes, answer: () => held.splice(0).forEach((resolve) => resolve()) };
}

const removeButton = (name: string) => screen.findByRole('button', { name: `Remove ${name}` });
const confirmDialog = () => screen.getByRole('alertdialog');

describe('ProductSafetyCard', () => {
  it('asks before it forgets a brand’s details; Cancel keeps them', async () => {
    const { deletes } = server();
    renderWithProviders(<ProductSafetyCard />);
    fireEvent.click(await removeButton('Boden'));
    expect(within(confirmDialog()).getByText(safetyWords.removeTitle('Boden'))).toBeTruthy();
    expect(within(confirmDialog()).getByText(safetyWords.removeMessage('Boden', true))).toBeTruthy();
    fireEvent.click(within(confirmDialog()).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(deletes).toEqual([]);
    expect(await removeButton('Boden')).toBeTruthy();
  });

  it('two brands removed before either answers: the one refused is said, the other removed', async () => {
    const { deletes, answer } = server();
    renderWithProviders(<ProductSafetyCard />);
    for (const name of ['Boden', 'Joules']) {
      fireEvent.click(await removeButton(name));
      fireEvent.click(within(confirmDialog()).getByRole('button', { name: safetyWords.remove }));
    }
    await vi.waitFor(() => expect(deletes).toEqual(['Boden', 'Joules']));
    answer();
    const toasts = within(screen.getByTestId('toasts'));
    expect(await toasts.findByText('Could not remove Boden just now')).toBeTruthy();
    expect(await toasts.findByText(safetyWords.removed('Joules'))).toBeTruthy();
    await vi.waitFor(() => expect(screen.queryByRole('button', { name: 'Remove Joules' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Remove Boden' })).toBeTruthy();
  });
});
