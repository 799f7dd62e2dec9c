import { describe, expect, it } from 'vitest';
import { tellZodNotToCompile } from './start-spa.tsx';

describe('the start of a single-page app', () => {
  it('tells Zod not to compile its checks, before Zod is loaded as after', async () => {
    tellZodNotToCompile();
    const { config } = await import('zod/v4/core');
    expect(config().jitless).toBe(true);
    config({ jitless: false });
    tellZodNotToCompile();
    expect(config().jitless).toBe(true);
  });
});
