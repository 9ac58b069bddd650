import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
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

describe('Rename and Retry', () => {
  function conflict(onRetry = vi.fn()) {
    const entry = failed('SKU SKU-1 already exists', true);
    render(<UploadQueueList entries={[entry]} onClear={vi.fn()} onRetry={onRetry} />);
    const sku = screen.getByRole('textbox', { name: 'New SKU for SKU-1' });
    const button = screen.getByRole('button', { name: 'Rename and Retry' });
    return { onRetry, sku, button, id: entry.id };
  }

  it('is off until the SKU is another one, and sends it upper-cased and trimmed', async () => {
    const { onRetry, sku, button, id } = conflict();
    expect((sku as HTMLInputElement).value).toBe('SKU-1');
    expect(button).toHaveProperty('disabled', true);
    fireEvent.change(sku, { target: { value: ' coat-10 ' } });
    expect((sku as HTMLInputElement).value).toBe(' COAT-10 ');
    await waitFor(() => expect(button).toHaveProperty('disabled', false));
    fireEvent.click(button);
    await waitFor(() => expect(onRetry).toHaveBeenCalledWith(id, 'COAT-10'));
    expect(screen.queryByTestId('sku-problem')).toBeNull();
  });

  it('says why a typed SKU cannot be one, keeps the button off, and never sends it', async () => {
    const { onRetry, sku, button } = conflict();
    fireEvent.change(sku, { target: { value: 'coat 10' } });
    expect(screen.getByTestId('sku-problem').textContent).toBe(
      'SKU cannot contain spaces. Use only letters, numbers, hyphens and underscores.',
    );
    expect(sku.getAttribute('aria-describedby')).toBe(screen.getByTestId('sku-problem').id);
    await waitFor(() => expect(button).toHaveProperty('disabled', true));
    fireEvent.submit(sku.closest('form')!);
    fireEvent.change(sku, { target: { value: '' } });
    // Empty is no SKU either; the note says nothing until there is something to say.
    await waitFor(() => expect(button).toHaveProperty('disabled', true));
    expect(screen.queryByTestId('sku-problem')).toBeNull();
    fireEvent.submit(sku.closest('form')!);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(onRetry).not.toHaveBeenCalled();
  });

  it('offers the SKU meant for a letter O between digits, and sends the one fixed', async () => {
    const { onRetry, sku, button, id } = conflict();
    fireEvent.change(sku, { target: { value: 'coat-1o1' } });
    expect(screen.getByTestId('sku-typo').textContent).toContain('Did you mean COAT-101? COAT-1O1 has a letter O between digits.');
    fireEvent.click(screen.getByRole('button', { name: 'Use COAT-101' }));
    expect((sku as HTMLInputElement).value).toBe('COAT-101');
    expect(screen.queryByTestId('sku-typo')).toBeNull();
    await waitFor(() => expect(button).toHaveProperty('disabled', false));
    fireEvent.click(button);
    await waitFor(() => expect(onRetry).toHaveBeenCalledWith(id, 'COAT-101'));
  });
});
