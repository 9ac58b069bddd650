import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BANNER_MS, BatchCreatedBanner } from './batch-created-banner';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const renderAt = (state: unknown) =>
  render(
    <RouterProvider
      router={createMemoryRouter([{ path: '/', element: <BatchCreatedBanner /> }], { initialEntries: [{ pathname: '/', state }] })}
    />,
  );

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
