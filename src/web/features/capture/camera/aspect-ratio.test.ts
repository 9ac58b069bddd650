import { describe, expect, it } from 'vitest';
import { cropToAspect, targetRatio } from './aspect-ratio';

describe('capture crop', () => {
  it('keeps a 1920x1080 frame whole at 16:9 (ratio within 0.01)', () => {
    expect(cropToAspect(1920, 1080, '16:9')).toEqual({ sx: 0, sy: 0, sw: 1920, sh: 1080 });
    expect(cropToAspect(1920, 1084, '16:9')).toEqual({ sx: 0, sy: 0, sw: 1920, sh: 1084 });
    expect(cropToAspect(1920, 1088, '16:9')).toEqual({ sx: 0, sy: 4, sw: 1920, sh: 1080 });
  });

  it('crops the sides, centered, when the frame is wider than the ratio', () => {
    expect(cropToAspect(1920, 1080, '4:3')).toEqual({ sx: 240, sy: 0, sw: 1440, sh: 1080 });
  });

  it('crops top and bottom when the frame is taller than the ratio', () => {
    expect(cropToAspect(1440, 1080, '16:9')).toEqual({ sx: 0, sy: 135, sw: 1440, sh: 810 });
  });

  it('always takes a centered square for 1:1', () => {
    expect(cropToAspect(1920, 1080, '1:1')).toEqual({ sx: 420, sy: 0, sw: 1080, sh: 1080 });
    expect(cropToAspect(1080, 1920, '1:1')).toEqual({ sx: 0, sy: 420, sw: 1080, sh: 1080 });
  });

  it('turns the ratio upright for an upright frame', () => {
    expect(targetRatio('4:3', 1080, 1920)).toBeCloseTo(3 / 4);
    expect(cropToAspect(1080, 1920, '4:3')).toEqual({ sx: 0, sy: 240, sw: 1080, sh: 1440 });
  });
});
