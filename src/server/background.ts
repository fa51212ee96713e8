/**
 * Work a request starts but does not wait for: it runs after the handler has returned, so the
 * response's timing says nothing about it (POST /forgot-password answers alike whether the address
 * exists or not, and the mail goes after). A failure is logged. `idle()` waits for what is running:
 * the app waits for it before closing the database, tests before they look at the outbox.
 */
import type { FastifyBaseLogger } from 'fastify';

export class BackgroundTasks {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  run(name: string, task: () => Promise<void>): void {
    const running: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(task)
      .catch((err: unknown) => this.log.error({ err, task: name }, 'background task failed'))
      .finally(() => this.pending.delete(running));
    this.pending.add(running);
  }

  async idle(): Promise<void> {
    while (this.pending.size) await Promise.all([...this.pending]);
  }
}
