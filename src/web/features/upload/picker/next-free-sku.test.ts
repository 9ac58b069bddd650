import { describe, expect, it } from 'vitest';
import { nextFreeSku } from './next-free-sku';

describe('nextFreeSku', () => {
  it("is the server's next SKU when nothing in the dialog or the queue uses it", () => {
    expect(nextFreeSku('PSTFSH-002', [])).toBe('PSTFSH-002');
    expect(nextFreeSku('PSTFSH-002', ['DRESS-A', 'PSTFSH-001'])).toBe('PSTFSH-002');
  });

  it('skips SKUs assigned in the dialog: Next gave 002, 003 was typed, Next again gives 004', () => {
    expect(nextFreeSku('PSTFSH-002', ['PSTFSH-002', 'pstfsh-003 '])).toBe('PSTFSH-004');
  });

  it('skips gaps and runs, and grows past three digits', () => {
    expect(nextFreeSku('PSTFSH-002', ['PSTFSH-002', 'PSTFSH-004'])).toBe('PSTFSH-003');
    expect(nextFreeSku('PSTFSH-998', ['PSTFSH-998', 'PSTFSH-999'])).toBe('PSTFSH-1000');
  });

  it('leaves the lowest free numbers to queued products that will be given a generated SKU', () => {
    expect(nextFreeSku('PSTFSH-002', ['PSTFSH-003'], 1)).toBe('PSTFSH-004');
    expect(nextFreeSku('PSTFSH-002', [], 2)).toBe('PSTFSH-004');
  });

  it('passes through a hint that is not a generated SKU', () => {
    expect(nextFreeSku('OTHER', ['OTHER'])).toBe('OTHER');
  });
});
