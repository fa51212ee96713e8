/**
 * Fixed-window counters for the rate limits of docs/rest-contract.md. The interface is what callers use;
 * the in-process store below serves one machine, and a shared store (Redis, the database) can
 * implement the same interface when the site runs on several.
 */
export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the window resets (for Retry-After). */
  retryAfterSeconds: number;
  remaining: number;
}

export interface RateLimiter {
  /** Counts one hit against `key` and says whether it is within `limit` per `windowSeconds`. */
  hit(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult>;
  /** Whether `key` is already over `limit`, without counting a hit. */
  peek(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult>;
  reset(key: string): Promise<void>;
}

export function createMemoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let lastSweep = now();

  function current(key: string, windowSeconds: number) {
    const t = now();
    if (t - lastSweep > 60_000) {
      for (const [k, w] of windows) if (w.resetAt <= t) windows.delete(k);
      lastSweep = t;
    }
    let window = windows.get(key);
    if (!window || window.resetAt <= t) {
      window = { count: 0, resetAt: t + windowSeconds * 1000 };
      windows.set(key, window);
    }
    return window;
  }

  function result(window: { count: number; resetAt: number }, limit: number): RateLimitResult {
    return {
      allowed: window.count <= limit,
      retryAfterSeconds: Math.max(1, Math.ceil((window.resetAt - now()) / 1000)),
      remaining: Math.max(0, limit - window.count),
    };
  }

  return {
    async hit(key, limit, windowSeconds) {
      const window = current(key, windowSeconds);
      window.count += 1;
      return result(window, limit);
    },
    async peek(key, limit, windowSeconds) {
      const window = current(key, windowSeconds);
      return { ...result(window, limit), allowed: window.count < limit };
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}
