import { describe, expect, it } from 'vitest';
import { signInDelay, signInDelayMs } from './sign-in-throttle.ts';

describe('signInDelayMs', () => {
  it('adds nothing for the first 5 failures of an address, then doubles from 250 ms and stops at 3 seconds', () => {
    const delays = Array.from({ length: 12 }, (_, failures) => signInDelayMs(failures));
    expect(delays).toEqual([0, 0, 0, 0, 0, 250, 500, 1000, 2000, 3000, 3000, 3000]);
    expect(signInDelayMs(100_000)).toBe(3000);
    expect(signInDelay.maxMs).toBeLessThanOrEqual(5000);
  });

  it('follows the settings it is given', () => {
    const short = { ...signInDelay, firstMs: 2, maxMs: 16 };
    expect([4, 5, 6, 7, 8, 9].map((failures) => signInDelayMs(failures, short))).toEqual([0, 2, 4, 8, 16, 16]);
  });
});
