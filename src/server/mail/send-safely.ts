/**
 * Sending an e-mail a change has caused. A mail that cannot be sent never undoes that change: it
 * is logged, and the user can ask again.
 */
import type { AppDeps } from '#server/app-deps.ts';
import type { MailMessage } from './mailer.ts';

export async function sendSafely(deps: Pick<AppDeps, 'mailer' | 'log'>, message: MailMessage): Promise<void> {
  try {
    await deps.mailer.send(message);
  } catch (err) {
    deps.log.error({ err, to: message.to, subject: message.subject }, 'e-mail could not be sent');
  }
}
