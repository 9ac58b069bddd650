import { describe, expect, it } from 'vitest';
import { workerCount } from './compression-pool';

describe('compression workers', () => {
  it('runs 3 at a time (spec) and keeps a core free for the page on small devices', () => {
    expect(workerCount(8)).toBe(3);
    expect(workerCount(4)).toBe(3);
    expect(workerCount(3)).toBe(2);
    expect(workerCount(2)).toBe(1);
    expect(workerCount(1)).toBe(1);
    expect(workerCount(0)).toBe(3);
  });
});
