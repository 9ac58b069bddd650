import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeListingItem } from '@/test/make-listing-item';
import { renderWithProviders } from '@/test/render-with-providers';
import { EditListingForm } from './edit-listing-form';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const item = makeListingItem({
  aiTitle: 'Old title here',
  aiDescription: 'Old description',
  aiTags: ['a'],
  aiGenerationStatus: 'completed',
});

function renderForm(onDone = vi.fn()) {
  renderWithProviders(<EditListingForm item={item} onDone={onDone} />);
  return onDone;
}

describe('EditListingForm', () => {
  it('sends the tags split on commas, trimmed, without empties, and closes on success', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ ...item, aiTags: ['denim', 'levis'] }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const onDone = renderForm();
    fireEvent.change(screen.getByLabelText('Tags'), { target: { value: ' denim, , levis ,' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`/api/items/${item.id}/listing`);
    expect(JSON.parse(init.body as string)).toEqual({ title: 'Old title here', description: 'Old description', tags: ['denim', 'levis'] });
  });

  it('says "Failed to save changes" when the save fails, and stays open', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ error: { code: 'INTERNAL', message: 'x' } }), { status: 500 })),
    );
    const onDone = renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Failed to save changes')).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();
  });
});

describe('EditListingForm checks', () => {
  it('refuses an empty title in the contract’s words and sends nothing', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const onDone = renderForm();
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Title is required')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('refuses a tag over 60 characters instead of losing it', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderForm();
    fireEvent.change(screen.getByLabelText('Tags'), { target: { value: `denim, ${'x'.repeat(61)}` } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(`“${'x'.repeat(20)}…” is longer than 60 characters`)).toBeTruthy();
    expect(screen.getByLabelText('Tags').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
