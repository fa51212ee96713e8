// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { PROFILE_BANNER_MS, ADMIN_BANNER_MS } from '#shared/limits.ts';
import { useFlash } from '#client/components/ui/use-flash.ts';

function Banner({ ms }: { ms: number }) {
  const [message, flash] = useFlash(ms);
  return (
    <>
      <button onClick={() => flash('Your changes have been saved')}>Save</button>
      {message && <p role="status">{message}</p>}
    </>
  );
}

describe('success banners (docs/product.md section 9)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('the profile banner stays 4 s', () => {
    render(<Banner ms={PROFILE_BANNER_MS} />);
    act(() => {
      screen.getByRole('button').click();
    });
    expect(screen.getByRole('status').textContent).toBe('Your changes have been saved');
    act(() => {
      vi.advanceTimersByTime(3999);
    });
    expect(screen.queryByRole('status')).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('the admin banner stays 3 s', () => {
    render(<Banner ms={ADMIN_BANNER_MS} />);
    act(() => {
      screen.getByRole('button').click();
    });
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('a second save restarts the countdown', () => {
    render(<Banner ms={PROFILE_BANNER_MS} />);
    act(() => {
      screen.getByRole('button').click();
    });
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    act(() => {
      screen.getByRole('button').click();
    });
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    expect(screen.queryByRole('status')).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.queryByRole('status')).toBeNull();
  });
});
