/** The verification e-mail, sent at registration, on resend and after an e-mail change. */
import type { AppDeps } from '#server/app-deps.ts';
import { verificationPath } from '#server/auth/signed-links.ts';
import { sendSafely } from '#server/mail/send-safely.ts';
import { verificationMessage } from '#server/mail/messages.ts';
import { readShop } from '#server/shop/shop.service.ts';

type Deps = Pick<AppDeps, 'mailer' | 'log' | 'config'>;

export async function sendVerificationMail(
  deps: Deps & Pick<AppDeps, 'db' | 'publicContent'>,
  user: { id: number; firstname: string; email: string },
): Promise<void> {
  const url = deps.config.appUrl + verificationPath(deps.config.appKey, user.id, user.email);
  const shop = await readShop(deps);
  await sendSafely(deps, verificationMessage({ to: user.email, firstname: user.firstname, url, shop }));
}
