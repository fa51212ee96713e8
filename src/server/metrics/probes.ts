/**
 * What the job queue and the mail queue report about themselves, for /metrics and the System
 * screen. Each is a function the queue's owner provides (AppDeps.probes); until one is wired, the
 * metrics leave it out and the System screen shows it as unknown.
 */
export interface QueueStats {
  /** Jobs waiting to run (created or retrying). */
  queued: number;
  /** Jobs running now. */
  active: number;
  /** Jobs that failed for good (every retry used), as the queue still keeps them. */
  failed: number;
}

export interface MailStats {
  /** Messages handed to the mail server (or the outbox folder), as the queue still keeps them. */
  sent: number;
  failed: number;
  /** Messages waiting to be sent. */
  queued: number;
}

export interface OperationalProbes {
  queue?: () => Promise<QueueStats>;
  mail?: () => Promise<MailStats>;
}
