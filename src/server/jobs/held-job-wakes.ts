/**
 * Wake-ups for held jobs (job-queue.ts `send` with `startAfter`): jobs held until the same moment
 * (mails over the quiet hours) start then rather than up to a poll later. One timer per queue and
 * moment, however many jobs; only within MAX_MS: a job held longer (a review reminder in days), or
 * one whose copy restarted meanwhile, is found by a poll.
 */

/** A held job due within this long wakes its workers by a timer; later ones wait for a poll. */
const MAX_MS = 24 * 60 * 60 * 1000;
/** A little after the moment: the database compares start_after with its own clock. */
const MARGIN_MS = 250;

export class HeldJobWakes {
  private readonly timers = new Map<string, NodeJS.Timeout>();

  constructor(private readonly wake: (name: string) => void) {}

  /** Wakes the workers of `name` when `at` has come. */
  at(name: string, at: Date): void {
    const delay = at.getTime() - Date.now();
    if (delay > MAX_MS) return;
    const key = `${name}@${at.getTime()}`;
    if (this.timers.has(key)) return;
    const timer = setTimeout(
      () => {
        this.timers.delete(key);
        this.wake(name);
      },
      Math.max(0, delay) + MARGIN_MS,
    );
    timer.unref();
    this.timers.set(key, timer);
  }

  clear(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}
