import { describe, expect, it, vi } from 'vitest';
import { loadOnce } from './load-once.ts';

describe('loadOnce', () => {
  it('loads once for every caller', async () => {
    const load = vi.fn(() => Promise.resolve('dialog'));
    const get = loadOnce(load);
    expect(await Promise.all([get(), get()])).toEqual(['dialog', 'dialog']);
    expect(await get()).toBe('dialog');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failure', async () => {
    const load = vi.fn<() => Promise<string>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue('dialog');
    const get = loadOnce(load);
    await expect(get()).rejects.toThrow('offline');
    expect(await get()).toBe('dialog');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
