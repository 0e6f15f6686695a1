import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cachedCatalogRead, invalidateCatalogCache } from './cache';

describe('catalogue cache', () => {
  const scope = {};
  beforeEach(() => {
    vi.useFakeTimers();
    invalidateCatalogCache();
  });
  afterEach(() => vi.useRealTimers());

  it('loads once while fresh, and again after a few seconds', async () => {
    const load = vi.fn(async () => 42);
    expect(await cachedCatalogRead(scope, 'k', load)).toBe(42);
    expect(await cachedCatalogRead(scope, 'k', load)).toBe(42);
    expect(load).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(4_000);
    await cachedCatalogRead(scope, 'k', load);
    expect(load).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1_500);
    await cachedCatalogRead(scope, 'k', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('shares one load between concurrent callers', async () => {
    const load = vi.fn(async () => 'x');
    await Promise.all([cachedCatalogRead(scope, 'k', load), cachedCatalogRead(scope, 'k', load)]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps keys and scopes apart', async () => {
    const other = {};
    expect(await cachedCatalogRead(scope, 'a', async () => 1)).toBe(1);
    expect(await cachedCatalogRead(scope, 'b', async () => 2)).toBe(2);
    expect(await cachedCatalogRead(other, 'a', async () => 3)).toBe(3);
    expect(await cachedCatalogRead(scope, 'a', async () => 9)).toBe(1);
  });

  it('forgets everything on invalidation, including a load that was still running', async () => {
    let finish: (value: number) => void = () => undefined;
    const slow = cachedCatalogRead(scope, 'k', () => new Promise<number>((resolve) => (finish = resolve)));
    invalidateCatalogCache();
    finish(1);
    expect(await slow).toBe(1);
    expect(await cachedCatalogRead(scope, 'k', async () => 2)).toBe(2);
    invalidateCatalogCache();
    expect(await cachedCatalogRead(scope, 'k', async () => 3)).toBe(3);
  });

  it('does not keep a failed load', async () => {
    await expect(cachedCatalogRead(scope, 'k', () => Promise.reject(new Error('db down')))).rejects.toThrow(
      'db down',
    );
    expect(await cachedCatalogRead(scope, 'k', async () => 5)).toBe(5);
  });

  it('serves an answer just past its time while one load renews it in the background', async () => {
    let version = 0;
    const load = vi.fn(async () => ++version);
    expect(await cachedCatalogRead(scope, 'k', load)).toBe(1);
    vi.advanceTimersByTime(6_000);
    const during = await Promise.all([
      cachedCatalogRead(scope, 'k', load),
      cachedCatalogRead(scope, 'k', load),
      cachedCatalogRead(scope, 'k', load),
    ]);
    expect(during).toEqual([1, 1, 1]);
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(0);
    expect(await cachedCatalogRead(scope, 'k', load)).toBe(2);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('makes the caller wait for a fresh answer once nobody asked for a while', async () => {
    let version = 0;
    const load = vi.fn(async () => ++version);
    await cachedCatalogRead(scope, 'k', load);
    vi.advanceTimersByTime(10_001);
    expect(await cachedCatalogRead(scope, 'k', load)).toBe(2);
  });

  it('keeps the old answer when a background load fails, and tries again on the next call', async () => {
    await cachedCatalogRead(scope, 'k', async () => 1);
    vi.advanceTimersByTime(6_000);
    const failing = vi.fn(() => Promise.reject(new Error('db down')));
    expect(await cachedCatalogRead(scope, 'k', failing)).toBe(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(await cachedCatalogRead(scope, 'k', async () => 2)).toBe(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(await cachedCatalogRead(scope, 'k', async () => 3)).toBe(2);
    expect(failing).toHaveBeenCalledTimes(1);
  });

  it('never serves an answer from before an invalidation, not even while renewing', async () => {
    await cachedCatalogRead(scope, 'k', async () => 1);
    vi.advanceTimersByTime(6_000);
    invalidateCatalogCache();
    expect(await cachedCatalogRead(scope, 'k', async () => 2)).toBe(2);
  });
});
