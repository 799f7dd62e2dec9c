import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadTimeoutError, chunkLoadTimeoutMs, lazyPage, withTimeout } from '#client/lib/lazy-route.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('lazy routes', () => {
  it('give up on a chunk after 120 s', async () => {
    vi.useFakeTimers();
    const never = new Promise<never>(() => {});
    const result = withTimeout(never);
    vi.advanceTimersByTime(chunkLoadTimeoutMs - 1);
    const settled = vi.fn();
    result.catch(settled);
    await Promise.resolve();
    expect(settled).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    await expect(result).rejects.toBeInstanceOf(ChunkLoadTimeoutError);
    expect(chunkLoadTimeoutMs).toBe(120_000);
  });

  it('resolve with the page component when the chunk arrives', async () => {
    const Page = () => null;
    await expect(lazyPage(async () => ({ default: Page }))()).resolves.toEqual({ Component: Page });
  });

  it('pass a failed chunk on', async () => {
    await expect(lazyPage(() => Promise.reject(new Error('offline')))()).rejects.toThrow('offline');
  });
});
