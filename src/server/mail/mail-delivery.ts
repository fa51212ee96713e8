/**
 * Sends one queued mail (the send-mail job: jobs/definitions/send-mail.ts). The message is
 * rendered by its kind (mail-kinds.ts) when it goes, so links are fresh after an outage and a
 * token is made then, only its hash stored; a mail already recorded sent is not sent again, so a
 * job that runs twice sends once. The row keeps the sent subject, which never carries a secret
 * (a code, token or link): the log line names the mail by id and kind only.
 */
import type { MailKind } from '#shared/value-sets.ts';
import { readShop } from '#server/shop/shop.service.ts';
import type { MailRenderDeps } from './mail-kind.ts';
import { mailKindOf } from './mail-kinds.ts';
import * as outgoing from './outgoing-mail.repository.ts';

/** An error as the Outgoing mail screen shows it: no credentials (an SMTP URL's password), one line, bounded. */
export function describeMailError(error: unknown): string {
  const text =
    error instanceof Error
      ? `${error.message}${(error as { code?: string }).code ? ` (${(error as { code?: string }).code})` : ''}`
      : String(error);
  return text
    .replace(/([a-z][a-z0-9+.-]*:\/\/)[^\s/@]*@/gi, '$1')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 500);
}

async function render(deps: MailRenderDeps, row: { kind: MailKind; recipient: string; params: Record<string, unknown> }) {
  const kind = mailKindOf(row.kind);
  return kind.render(deps, { recipient: row.recipient, params: kind.params.parse(row.params) }, await readShop(deps));
}

/**
 * Throws when the mail could not be sent, so the queue tries again later; `finalAttempt` marks
 * the row failed instead of queued when that was the last try.
 */
export async function deliverMail(deps: MailRenderDeps, mailId: string, finalAttempt: boolean): Promise<'sent' | 'skipped'> {
  const row = await outgoing.findMail(deps.db, mailId);
  if (!row || row.status === 'sent' || row.status === 'cancelled') return 'skipped';
  try {
    const message = await render(deps, row);
    if ('cancel' in message) {
      await outgoing.markMailCancelled(deps.db, mailId, message.cancel);
      return 'skipped';
    }
    await deps.mailer.send(message);
    await outgoing.markMailSent(deps.db, mailId, message.subject);
    deps.log.info({ mailId, kind: row.kind }, 'e-mail sent');
    return 'sent';
  } catch (error) {
    const described = describeMailError(error);
    deps.log.warn({ mailId, kind: row.kind, error: described, finalAttempt }, 'e-mail not sent; the queue tries again');
    await outgoing.recordMailFailure(deps.db, mailId, described, finalAttempt).catch(() => {});
    throw new Error(described);
  }
}
