import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_LOADING_MIN_MS } from '@/shared/constants';
import { useMinimumLoading } from './admin-ui';

describe('useMinimumLoading', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('keeps a quick load on screen for the minimum time, then lets go', () => {
    const { result, rerender } = renderHook(({ pending }) => useMinimumLoading(pending), {
      initialProps: { pending: true },
    });
    expect(result.current).toBe(true);
    act(() => vi.advanceTimersByTime(50));
    rerender({ pending: false });
    expect(result.current).toBe(true);
    act(() => vi.advanceTimersByTime(ADMIN_LOADING_MIN_MS - 60));
    expect(result.current).toBe(true);
    act(() => vi.advanceTimersByTime(20));
    expect(result.current).toBe(false);
  });

  it('lets go even when its timer fires a millisecond before the time it asked for', () => {
    const { result, rerender } = renderHook(({ pending }) => useMinimumLoading(pending), {
      initialProps: { pending: true },
    });
    rerender({ pending: false });
    // Node's timers can run while Date.now() is still a millisecond short of the time they were set for.
    vi.setSystemTime(Date.now() - 1);
    act(() => vi.advanceTimersByTime(ADMIN_LOADING_MIN_MS));
    expect(result.current).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(false);
  });

  it('adds nothing to a load that already took longer', () => {
    const { result, rerender } = renderHook(({ pending }) => useMinimumLoading(pending), {
      initialProps: { pending: true },
    });
    act(() => vi.advanceTimersByTime(ADMIN_LOADING_MIN_MS + 100));
    rerender({ pending: false });
    expect(result.current).toBe(false);
  });

  it('shows nothing when the data was already there', () => {
    const { result } = renderHook(() => useMinimumLoading(false));
    expect(result.current).toBe(false);
  });
});
