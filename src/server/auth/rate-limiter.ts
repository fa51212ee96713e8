/**
 * Fixed-window rate limits (docs/rest-contract.md's limits). Every caller reserves: one atomic
 * step counts the attempt and says whether it is within the limit, before the expensive or
 * guessable check runs; nobody peeks first and counts afterwards, which let N concurrent attempts
 * all see "not yet over" (docs/decisions/atomic-rate-limits.md).
 *
 * Two stores behind one interface: in-process (one copy, the embedded database) and PostgreSQL
 * (the `rate_limits` table, shared by every copy on the same database); app.ts picks one.
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/types.ts';
import { AppError } from '#server/errors.ts';
import { hasForbiddenCharacters } from '#server/validation/text-characters.ts';
import { sweepInBatches } from '#server/db/batches.ts';
import { countAttempt, deleteEndedRateLimits, uncountAttempt } from './rate-limits.repository.ts';

/** At most `limit` attempts per `windowSeconds` under `key`. */
export interface RateLimit {
  key: string;
  limit: number;
  windowSeconds: number;
}

export interface Reservation {
  allowed: boolean;
  /** Seconds until the window ends (for Retry-After). */
  retryAfterSeconds: number;
  /** Attempts still allowed in this window after this one. */
  remaining: number;
}

export interface RateLimiter {
  /**
   * Counts one attempt against `limit.key` and, in the same atomic step, says whether it is within
   * `limit.limit`. A refused attempt is counted too; the window never moves until it ends.
   */
  reserve(limit: RateLimit): Promise<Reservation>;
  /** Gives one attempt back to a window that has not ended (a success that should not count); never a reset. */
  release(key: string): Promise<void>;
  /** Forgets windows that have ended; returns how many. */
  sweepExpired(): Promise<number>;
}

function reservation(count: number, limit: number, secondsLeft: number): Reservation {
  return { allowed: count <= limit, retryAfterSeconds: Math.max(1, secondsLeft), remaining: Math.max(0, limit - count) };
}

export function createMemoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let lastSweep = now();

  function sweep(): number {
    const t = now();
    let removed = 0;
    for (const [key, window] of windows) {
      if (window.resetAt <= t) {
        windows.delete(key);
        removed += 1;
      }
    }
    lastSweep = t;
    return removed;
  }

  return {
    // Synchronous between the read and the write: one event loop makes it atomic.
    async reserve({ key, limit, windowSeconds }) {
      const t = now();
      if (t - lastSweep > 60_000) sweep();
      let window = windows.get(key);
      if (!window || window.resetAt <= t) {
        window = { count: 0, resetAt: t + windowSeconds * 1000 };
        windows.set(key, window);
      }
      window.count += 1;
      return reservation(window.count, limit, Math.ceil((window.resetAt - t) / 1000));
    },
    async release(key) {
      const window = windows.get(key);
      if (window && window.resetAt > now() && window.count > 0) window.count -= 1;
    },
    async sweepExpired() {
      return sweep();
    },
  };
}

/** The PostgreSQL store: the `rate_limits` table on the app's own pool (DATABASE_URL). */
/**
 * Keys carry what a visitor typed (an e-mail address), counted before the input is validated, so
 * of any length and with any character: a long one is stored as its start and a hash, within the
 * column's 400 characters, and one holding a NUL byte or an unpaired surrogate (which PostgreSQL
 * cannot store) as its hash alone. Either was a 500 before the login's own validation could
 * answer 422.
 */
export function storedRateLimitKey(key: string): string {
  const storable = !hasForbiddenCharacters(key);
  if (key.length <= 200 && storable) return key;
  const hash = createHash('sha256').update(key).digest('hex');
  return storable ? `${key.slice(0, 100)}~sha256:${hash}` : `~sha256:${hash}`;
}

export function createDatabaseRateLimiter(db: Kysely<Database>): RateLimiter {
  return {
    async reserve({ key, limit, windowSeconds }) {
      const counted = await countAttempt(db, storedRateLimitKey(key), windowSeconds);
      return reservation(counted.count, limit, counted.secondsLeft);
    },
    release: (key) => uncountAttempt(db, storedRateLimitKey(key)),
    sweepExpired: () => sweepInBatches((limit) => deleteEndedRateLimits(db, limit)),
  };
}

/** One attempt reserved under one or more limits. */
export interface Attempt {
  allowed: boolean;
  /** When refused: the longest wait among the limits that refused. */
  retryAfterSeconds: number;
  /** When refused: the keys of the limits that refused it (the login throttle's activity entry). */
  refusedKeys?: string[];
  /** Gives the attempt back to every limit (call it only for an allowed attempt that succeeded). */
  release(): Promise<void>;
}

/**
 * Reserves one attempt under every limit at once (e.g. 5 a minute and 20 an hour). Refused when
 * any limit refuses; then the limits that allowed it get their attempt back, so the hour counts
 * only attempts that were evaluated.
 */
export async function reserveAttempt(limiter: RateLimiter, limits: RateLimit[]): Promise<Attempt> {
  const reservations = await Promise.all(limits.map((limit) => limiter.reserve(limit)));
  const refused = reservations.filter((r) => !r.allowed);
  const releaseAll = async () => {
    await Promise.all(limits.map((limit) => limiter.release(limit.key)));
  };
  if (refused.length === 0) return { allowed: true, retryAfterSeconds: 0, release: releaseAll };
  await Promise.all(limits.filter((_limit, i) => reservations[i]!.allowed).map((limit) => limiter.release(limit.key)));
  return {
    allowed: false,
    retryAfterSeconds: Math.max(...refused.map((r) => r.retryAfterSeconds)),
    refusedKeys: limits.filter((_limit, i) => !reservations[i]!.allowed).map((limit) => limit.key),
    release: async () => {},
  };
}

/**
 * The one throttle: reserves one attempt under the limits and, when any refuses, throws the 429
 * with its Retry-After (`refusal` makes a throttle's own answer: the login's message on its field,
 * after its activity entry). Returns the allowed attempt, for the callers that give it back.
 */
export async function throttle(
  limiter: RateLimiter,
  limits: RateLimit | RateLimit[],
  refusal?: (refused: Attempt) => AppError | Promise<AppError>,
): Promise<Attempt> {
  const attempt = await reserveAttempt(limiter, Array.isArray(limits) ? limits : [limits]);
  if (attempt.allowed) return attempt;
  throw refusal ? await refusal(attempt) : AppError.tooManyRequests(attempt.retryAfterSeconds);
}
