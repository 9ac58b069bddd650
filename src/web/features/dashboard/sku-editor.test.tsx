import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { skuMessages } from '@shared/domain/sku';
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

  it('opens with the caret in the field, upper-casing each letter as it is typed', () => {
    renderWithProviders(<SkuEditor itemId={itemId} sku="PSTFSH-001" />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit SKU PSTFSH-001' }));
    const field = screen.getByLabelText('SKU') as HTMLInputElement;
    expect(document.activeElement).toBe(field);
    expect(field.value).toBe('PSTFSH-001');
    fireEvent.change(field, { target: { value: 'coat-b' } });
    expect(field.value).toBe('COAT-B');
  });

  it('says what a SKU cannot hold as it is typed; a save then takes the caret back to it and sends nothing', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    edit('pstfsh 5!');
    const field = screen.getByLabelText('SKU');
    const problem = screen.getByTestId('sku-problem');
    expect(problem.textContent).toBe('SKU cannot contain spaces or "!". Use only letters, numbers, hyphens and underscores.');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toBe(problem.id);
    field.blur();
    fireEvent.click(screen.getByRole('button', { name: 'Save SKU' }));
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks about a letter O between digits, and its fix is one tap', async () => {
    const fetchMock = vi.fn(async () => errorResponse(500, 'INTERNAL', 'x'));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<SkuEditor itemId={itemId} sku="PSTFSH-001" />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit SKU PSTFSH-001' }));
    const field = screen.getByLabelText('SKU') as HTMLInputElement;
    fireEvent.change(field, { target: { value: 'pstfsh-0o4' } });
    const typo = screen.getByTestId('sku-typo');
    expect(typo.textContent).toContain('Did you mean PSTFSH-004? PSTFSH-0O4 has a letter O between digits.');
    expect(field.getAttribute('aria-invalid')).toBeNull();
    expect(field.getAttribute('aria-describedby')).toBe(typo.id);
    fireEvent.click(screen.getByRole('button', { name: 'Use PSTFSH-004' }));
    expect(field.value).toBe('PSTFSH-004');
    expect(screen.queryByTestId('sku-typo')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save SKU' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toEqual({ sku: 'PSTFSH-004' });
  });

  it('Escape and Cancel close the field without saving; the same SKU closes it too', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<SkuEditor itemId={itemId} sku="PSTFSH-001" />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit SKU PSTFSH-001' }));
    fireEvent.change(screen.getByLabelText('SKU'), { target: { value: 'other-1' } });
    fireEvent.keyDown(screen.getByLabelText('SKU'), { key: 'Escape' });
    expect(screen.queryByLabelText('SKU')).toBeNull();
    expect(screen.getByTestId('item-sku').textContent).toBe('PSTFSH-001');

    fireEvent.click(screen.getByRole('button', { name: 'Edit SKU PSTFSH-001' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel SKU edit' }));
    expect(screen.queryByLabelText('SKU')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Edit SKU PSTFSH-001' }));
    fireEvent.change(screen.getByLabelText('SKU'), { target: { value: ' pstfsh-001 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save SKU' }));
    await waitFor(() => expect(screen.queryByLabelText('SKU')).toBeNull());
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('the empty SKU message goes when the field is opened again', async () => {
    vi.stubGlobal('fetch', vi.fn());
    edit('');
    expect((await screen.findByRole('alert')).textContent).toBe(skuMessages.empty);
    expect(screen.getByLabelText('SKU')).toBeTruthy();
    fireEvent.keyDown(screen.getByLabelText('SKU'), { key: 'Escape' });
    expect(screen.getByRole('alert').textContent).toBe(skuMessages.empty);
    fireEvent.click(screen.getByRole('button', { name: 'Edit SKU PSTFSH-001' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a SKU the server refuses says why', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => errorResponse(400, 'VALIDATION_FAILED', 'sku: Too long')),
    );
    edit('NEW-2');
    expect((await screen.findByRole('alert')).textContent).toBe('sku: Too long');
  });
});
