/**
 * Vitest setup of the web files that share a worker's modules (isolate: false, as the server's do; decision 137):
 * what one file leaves behind is cleared before the next. Testing Library's own cleanup runs only with Vitest's
 * globals, which this project does not turn on.
 */
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

afterAll(() => {
  localStorage.clear();
  sessionStorage.clear();
  document.body.innerHTML = '';
  document.head.innerHTML = '';
  window.history.replaceState(null, '', '/');
});
