import { describe, expect, it } from 'vitest';
import { nextFreeSku } from './next-free-sku';

const free = (...numbers: number[]) => numbers.map((n) => `PSTFSH-${String(n).padStart(3, '0')}`);

describe('nextFreeSku', () => {
  it("is the server's next SKU when nothing in the dialog or the queue uses it", () => {
    expect(nextFreeSku(free(2, 3), [])).toBe('PSTFSH-002');
    expect(nextFreeSku(free(2, 3), ['DRESS-A', 'PSTFSH-001'])).toBe('PSTFSH-002');
  });

  it('skips SKUs assigned in the dialog: Next gave 002, 003 was typed, Next again gives 004', () => {
    expect(nextFreeSku(free(2, 3, 4), ['PSTFSH-002', 'pstfsh-003 '])).toBe('PSTFSH-004');
  });

  it('never moves onto a SKU the server has: past 019 in use comes 022 when 020 and 021 exist', () => {
    expect(nextFreeSku(free(19, 22, 23), ['PSTFSH-019'])).toBe('PSTFSH-022');
    expect(nextFreeSku(free(19, 22, 23), ['PSTFSH-019', 'PSTFSH-022'])).toBe('PSTFSH-023');
  });

  it('grows past three digits', () => {
    expect(nextFreeSku(free(998, 999, 1000), ['PSTFSH-998', 'PSTFSH-999'])).toBe('PSTFSH-1000');
  });

  it('leaves the lowest free numbers to queued products that will be given a generated SKU', () => {
    expect(nextFreeSku(free(2, 3, 4), ['PSTFSH-003'], 1)).toBe('PSTFSH-004');
    expect(nextFreeSku(free(2, 3, 4), [], 2)).toBe('PSTFSH-004');
  });

  it('offers nothing once the free SKUs the server listed are all in use', () => {
    expect(nextFreeSku(free(2, 3), ['PSTFSH-002', 'PSTFSH-003'])).toBeNull();
  });
});
