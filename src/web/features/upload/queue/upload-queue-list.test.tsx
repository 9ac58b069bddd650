import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { newQueueEntry, type UploadQueueEntry } from './upload-queue-entry';
import { UploadQueueList } from './upload-queue-list';

afterEach(cleanup);

function failed(error: string, retryable: boolean): UploadQueueEntry {
  return { ...newQueueEntry('SKU-1', [new File(['x'], 'scan.jpg')]), status: 'failed', error, retryable };
}

describe('UploadQueueList', () => {
  it('offers Retry for a failure that retrying can fix, and not for files the server cannot read', () => {
    const { rerender } = render(
      <UploadQueueList entries={[failed('Network error - check your connection', true)]} onClear={vi.fn()} onRetry={vi.fn()} />,
    );
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();

    rerender(<UploadQueueList entries={[failed('scan.jpg is not a format we can read', false)]} onClear={vi.fn()} onRetry={vi.fn()} />);
    expect(screen.getByRole('alert').textContent).toBe('scan.jpg is not a format we can read');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Clear' })).toBeTruthy();
  });
});
