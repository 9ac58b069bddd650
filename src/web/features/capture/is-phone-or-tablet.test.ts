import { describe, expect, it } from 'vitest';
import { isPhoneOrTablet } from './is-phone-or-tablet';

describe('phone or tablet from the user agent', () => {
  it('recognises phones and tablets, including iPadOS posing as a Mac', () => {
    expect(isPhoneOrTablet('Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 Mobile Safari/537.36', 5)).toBe(true);
    expect(isPhoneOrTablet('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148', 5)).toBe(true);
    expect(isPhoneOrTablet('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Version/17.0 Safari/605.1.15', 5)).toBe(true);
  });

  it('leaves desktops alone', () => {
    expect(isPhoneOrTablet('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Version/17.0 Safari/605.1.15', 0)).toBe(false);
    expect(isPhoneOrTablet('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36', 0)).toBe(false);
  });
});
