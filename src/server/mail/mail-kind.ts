/**
 * One kind of e-mail, declared once in its area's `*-mail.ts`: its name (the `outgoing_mail.kind`),
 * the label the Outgoing mail screen shows until it is sent, what its queued row carries (`params`,
 * checked when it is queued and when it goes), and how it is rendered when it goes (links and
 * tokens are made then, so nothing secret waits in the queue). The list: mail-kinds.ts.
 */
import type { z } from 'zod';
import type { AppDeps } from '#server/app-deps.ts';
import type { MailMessage } from './mailer.ts';
import type { MailShop } from './mail-layout.ts';

export type MailRenderDeps = Pick<AppDeps, 'db' | 'config' | 'mailer' | 'log' | 'publicContent' | 'jobs'>;

/** The message, or why it is not sent after all (the row is marked cancelled with the reason). */
export type RenderedMail = MailMessage | { cancel: string };

export interface MailKindDefinition<Kind extends string = string, Params extends z.ZodType = z.ZodType> {
  kind: Kind;
  /** Shown on Outgoing mail until the message is rendered; never a secret. */
  label: string;
  params: Params;
  /**
   * Someone is waiting for it on the site (a code, a reset or verification link): sent ahead of
   * every other mail queued (mail-kinds.ts mailPriorityOf), however many alerts or reminders wait.
   */
  urgent?: boolean;
  render(deps: MailRenderDeps, mail: { recipient: string; params: z.output<Params> }, shop: MailShop): Promise<RenderedMail>;
}

export function defineMailKind<const Kind extends string, Params extends z.ZodType>(
  definition: MailKindDefinition<Kind, Params>,
): MailKindDefinition<Kind, Params> {
  return definition;
}
