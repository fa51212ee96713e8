// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { throttle } from '#client/lib/throttle.ts';
import { isInViewport, SEPARATOR_THROTTLE_MS } from '#client/components/separator.tsx';

describe('throttle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs at once, then at most once per window with one trailing call', () => {
    const fn = vi.fn();
    const throttled = throttle(fn, SEPARATOR_THROTTLE_MS);
    throttled();
    expect(fn).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 10; i++) throttled();
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(299);
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(1000);
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('drops a pending trailing call when cancelled', () => {
    const fn = vi.fn();
    const throttled = throttle(fn, 300);
    throttled();
    throttled();
    throttled.cancel();
    vi.advanceTimersByTime(1000);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});

describe('isInViewport', () => {
  const rect = (top: number, bottom: number) => ({ top, bottom }) as DOMRect;
  it('is true only when some of the element is on screen', () => {
    expect(isInViewport(rect(100, 104), 800)).toBe(true);
    expect(isInViewport(rect(900, 904), 800)).toBe(false);
    expect(isInViewport(rect(-10, -6), 800)).toBe(false);
    expect(isInViewport(rect(-2, 2), 800)).toBe(true);
  });
});
