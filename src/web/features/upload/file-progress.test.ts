import { describe, expect, it } from 'vitest';
import { fileFractions, requestGroups } from './file-progress';

describe('per-file progress of one multipart body', () => {
  // three files of 1000, 2000 and 1000 bytes, 100 bytes of part headers each: 4300 bytes in all
  const sizes = [1000, 2000, 1000];
  const total = 4300;

  it('fills the files one after another as the body goes out', () => {
    expect(fileFractions(sizes, 0, total)).toEqual([0, 0, 0]);
    expect(fileFractions(sizes, 550, total)).toEqual([0.5, 0, 0]);
    expect(fileFractions(sizes, 1100 + 1050, total)).toEqual([1, 0.5, 0]);
    expect(fileFractions(sizes, total, total)).toEqual([1, 1, 1]);
  });

  it('never reports a file past the bytes sent', () => {
    const fractions = fileFractions(sizes, 1099, total);
    expect(fractions[0]).toBeLessThan(1);
    expect(fractions[1]).toBe(0);
  });
});

describe('requests of a product', () => {
  it('keeps a product in one request when it fits', () => {
    expect(requestGroups([500, 500, 500, 500], 30, 32_000)).toEqual([[0, 1, 2, 3]]);
  });

  it('starts a new request at the file limit and at the byte limit, in order', () => {
    expect(requestGroups([1, 1, 1, 1, 1], 2, 100)).toEqual([[0, 1], [2, 3], [4]]);
    expect(requestGroups([60, 60, 30, 10], 30, 100)).toEqual([[0], [1, 2, 3]]);
  });

  it('sends a file larger than the byte limit on its own', () => {
    expect(requestGroups([10, 500, 10], 30, 100)).toEqual([[0], [1], [2]]);
  });
});
