import { describe, expect, it } from 'vitest';
import { photoMinimumWarnings } from './photo-minimum';

describe('photoMinimumWarnings', () => {
  const minimums = [
    { name: 'Somewhere', longSidePx: 500 },
    { name: 'Elsewhere', longSidePx: 800 },
  ];

  it('warns once per marketplace whose minimum the longest side misses, naming it', () => {
    expect(photoMinimumWarnings({ width: 300, height: 600 }, minimums)).toEqual([
      'This crop is 300 x 600 pixels: Elsewhere needs photos at least 800 pixels on the longest side. Choose a larger area, or keep the photo uncropped.',
    ]);
    expect(photoMinimumWarnings({ width: 499, height: 200 }, minimums)).toHaveLength(2);
  });

  it('says nothing at the minimum, or where no marketplace has one', () => {
    expect(photoMinimumWarnings({ width: 800, height: 10 }, minimums)).toEqual([]);
    expect(photoMinimumWarnings({ width: 10, height: 10 }, [])).toEqual([]);
  });
});
