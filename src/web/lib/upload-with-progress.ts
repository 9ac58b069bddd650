import { ApiError, networkErrorMessage, toApiError } from './api-client';

export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface UploadOptions {
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/**
 * POST a multipart body and report how much of it has been sent. fetch cannot report upload progress, so this
 * is the one place that uses XMLHttpRequest; failures become the same ApiError apiRequest throws.
 */
export function uploadWithProgress<T>(path: string, body: FormData, options: UploadOptions = {}): Promise<T> {
  const { onProgress, signal } = options;
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('Upload aborted', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.({ loaded: event.loaded, total: event.total });
    };
    xhr.onload = () => {
      const json = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) resolve(json as T);
      else reject(toApiError(xhr.status, json));
    };
    xhr.onerror = () => reject(new ApiError('NETWORK', networkErrorMessage, 0));
    xhr.ontimeout = () => reject(new ApiError('NETWORK', networkErrorMessage, 0));
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
