import { describe, expect, it } from 'vitest';
import { must } from './must';

describe('must', () => {
  it('returns a present value, including falsy ones', () => {
    expect(must([7][0], 'first')).toBe(7);
    expect(must(0, 'zero')).toBe(0);
    expect(must(null, 'null is a value')).toBeNull();
  });

  it('throws with the reason when the value is missing', () => {
    expect(() => must([][0], 'the insert returns its row')).toThrow('Missing value: the insert returns its row');
  });
});
