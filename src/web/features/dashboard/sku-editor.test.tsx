import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render-with-providers';
import { SkuEditor } from './sku-editor';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const itemId = '11111111-1111-4111-8111-111111111111';
const errorResponse = (status: number, code: string, message: string) =>
  new Response(JSON.stringify({ error: { code, message } }), { status });

function edit(typed: string) {
  renderWithProviders(<SkuEditor itemId={itemId} sku="PSTFSH-001" />);
  fireEvent.click(screen.getByRole('button', { name: 'Edit SKU PSTFSH-001' }));
  fireEvent.change(screen.getByLabelText('SKU'), { target: { value: typed } });
  fireEvent.click(screen.getByRole('button', { name: 'Save SKU' }));
}

describe('SkuEditor', () => {
  it('upper-cases as typed and sends the trimmed SKU', async () => {
    const fetchMock = vi.fn(async () => errorResponse(500, 'INTERNAL', 'x'));
    vi.stubGlobal('fetch', fetchMock);
    edit(' jeans-9 ');
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`/api/items/${itemId}`);
    expect(JSON.parse(init.body as string)).toEqual({ sku: 'JEANS-9' });
  });

  it('a conflict says the SKU is taken and keeps the old one', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => errorResponse(409, 'SKU_CONFLICT', 'SKU already exists')),
    );
    edit('pstfsh-002');
    expect((await screen.findByRole('alert')).textContent).toBe('SKU PSTFSH-002 already exists. PSTFSH-001 was kept.');
    expect(screen.getByTestId('item-sku').textContent).toBe('PSTFSH-001');
  });

  it('any other failure says "Failed to update SKU"', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => errorResponse(500, 'INTERNAL', 'Something went wrong')),
    );
    edit('NEW-1');
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to update SKU');
  });

  it('refuses an empty SKU without calling the server', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    edit('   ');
    expect((await screen.findByRole('alert')).textContent).toBe('SKU cannot be empty');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
