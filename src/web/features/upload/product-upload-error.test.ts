import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { ProductUploadError, queueFailureMessage, queueFailureRetryable } from './product-upload-error';

describe('queue failure mapping', () => {
  it('maps conflicts, network and storage failures to the agreed texts', () => {
    expect(queueFailureMessage(new ApiError('SKU_CONFLICT', 'SKU already exists', 409))).toBe('SKU conflict - please try again');
    expect(queueFailureMessage(new Error('duplicate key value violates unique constraint'))).toBe('SKU conflict - please try again');
    expect(queueFailureMessage(new ApiError('NETWORK', "Can't reach Resale Studio.", 0))).toBe('Network error - check your connection');
    expect(queueFailureMessage(new TypeError('Failed to fetch'))).toBe('Network error - check your connection');
    expect(queueFailureMessage(new ProductUploadError('a.jpg could not be stored. Please try again.', 'UNAVAILABLE'))).toBe(
      'Storage error - image upload failed',
    );
    // the server's disk is full (507): a storage failure the seller can retry once space is freed
    const diskFull = new ApiError('INSUFFICIENT_STORAGE', "The server's disk has no room left.", 507);
    expect(queueFailureMessage(diskFull)).toBe('Storage error - image upload failed');
    expect(queueFailureRetryable(diskFull)).toBe(true);
  });

  it('cuts any other message to 100 characters plus ...', () => {
    const long = 'x'.repeat(150);
    expect(queueFailureMessage(new Error(long))).toBe(`${'x'.repeat(100)}...`);
    expect(queueFailureMessage(new Error('notes.txt is not a supported image'))).toBe('notes.txt is not a supported image');
  });

  it('offers Retry except for files the server cannot read as images', () => {
    expect(queueFailureRetryable(new ProductUploadError('scan.jpg is not a format we can read: ...', 'UNSUPPORTED_MEDIA_TYPE'))).toBe(
      false,
    );
    expect(queueFailureRetryable(new ApiError('UNSUPPORTED_MEDIA_TYPE', 'notes.txt is not a supported image', 415))).toBe(false);
    expect(
      queueFailureRetryable(new ProductUploadError('cut.jpg could not be read: the image is damaged or incomplete', 'UNPROCESSABLE')),
    ).toBe(true);
    expect(queueFailureRetryable(new ApiError('NETWORK', "Can't reach Resale Studio.", 0))).toBe(true);
  });
});
