import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeListingItem } from '@/entities/items/make-listing-item';
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
