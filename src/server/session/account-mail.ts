/**
 * Sending the account e-mails (verification, password reset). A mail that cannot be sent never
 * undoes the change that caused it: it is logged, and the user can ask again.
 */
import type { AppDeps } from '#server/app-deps.ts';
import { verificationPath } from '#server/auth/signed-links.ts';
import type { MailMessage } from '#server/mail/mailer.ts';
import { verificationMessage } from '#server/mail/messages.ts';
import { readShop } from '#server/public-content/public-content.service.ts';

type Deps = Pick<AppDeps, 'mailer' | 'log' | 'config'>;

export async function sendSafely(deps: Deps, message: MailMessage): Promise<void> {
  try {
    await deps.mailer.send(message);
  } catch (err) {
    deps.log.error({ err, to: message.to, subject: message.subject }, 'e-mail could not be sent');
  }
}

export async function sendVerificationMail(
  deps: Deps & Pick<AppDeps, 'db' | 'publicContent'>,
  user: { id: number; firstname: string; email: string },
): Promise<void> {
  const url = deps.config.appUrl + verificationPath(deps.config.appKey, user.id, user.email);
  const shop = await readShop(deps);
  await sendSafely(deps, verificationMessage({ to: user.email, firstname: user.firstname, url, shop }));
}
