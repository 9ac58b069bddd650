import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render-with-providers';
import { BANNER_MS, BatchCreatedBanner } from './batch-created-banner';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const renderAt = (state: unknown) => renderWithProviders(<BatchCreatedBanner />, { route: { initialEntries: [{ pathname: '/', state }] } });

describe('BatchCreatedBanner', () => {
  it('shows "Product batch created successfully" for 5 seconds after a capture', async () => {
    vi.useFakeTimers();
    renderAt({ batchCreated: true });
    expect(screen.getByTestId('batch-created-banner').textContent).toBe('Product batch created successfully');
    await act(async () => vi.advanceTimersByTime(BANNER_MS - 100));
    expect(screen.queryByTestId('batch-created-banner')).not.toBeNull();
    await act(async () => vi.advanceTimersByTime(200));
    expect(screen.queryByTestId('batch-created-banner')).toBeNull();
    expect(BANNER_MS).toBe(5000);
  });

  it('shows nothing on an ordinary visit', () => {
    renderAt(null);
    expect(screen.queryByTestId('batch-created-banner')).toBeNull();
  });
});
