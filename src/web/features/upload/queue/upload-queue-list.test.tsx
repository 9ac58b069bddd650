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

  it('says a product that failed for want of a connection is waiting for one, never a red Failed · Network error', () => {
    const offline = { ...failed('Network error - check your connection', true), waitingForNetwork: true };
    render(<UploadQueueList entries={[offline]} onClear={vi.fn()} onRetry={vi.fn()} />);
    const row = screen.getByTestId('queue-entry');
    expect(row.textContent).toContain('Waiting for a connection');
    expect(row.textContent).toContain("It uploads by itself when you're back online.");
    expect(row.textContent).not.toContain('Failed');
    expect(row.textContent).not.toContain('Network error');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows no percentage on a queued product, even with its photos compressed, until it is on its way', () => {
    const photo = new File(['x'], 'a.jpg');
    const compressed = newQueueEntry('COAT-2', [photo], { prepared: [{ blob: photo, fileName: 'a.jpg' }] });
    const { rerender } = render(<UploadQueueList entries={[compressed]} onClear={vi.fn()} onRetry={vi.fn()} />);
    expect(compressed.progress).toBe(50);
    const row = screen.getByTestId('queue-entry');
    expect(row.textContent).toContain('Queued');
    expect(row.textContent).not.toMatch(/\d+%/);
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('0');

    rerender(<UploadQueueList entries={[{ ...compressed, status: 'uploading', progress: 60 }]} onClear={vi.fn()} onRetry={vi.fn()} />);
    expect(screen.getByTestId('queue-entry').textContent).toContain('Uploading60%');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('60');
  });
});
