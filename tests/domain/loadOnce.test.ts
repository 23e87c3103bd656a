import { describe, expect, it, vi } from 'vitest';
import { loadOnce } from '../../src/domain/loadOnce';

describe('loadOnce', () => {
  it('loads once and gives every caller the same promise', async () => {
    const load = vi.fn(() => Promise.resolve('module'));
    const get = loadOnce(load);
    const [a, b] = [get(), get()];
    expect(a).toBe(b);
    expect(await a).toBe('module');
    expect(await get()).toBe('module');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('forgets a failed load, so the next call tries again', async () => {
    const load = vi.fn<() => Promise<string>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue('module');
    const get = loadOnce(load);
    await expect(get()).rejects.toThrow('offline');
    expect(await get()).toBe('module');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
