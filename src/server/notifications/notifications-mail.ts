/**
 * The shop's notification e-mail (mail/mail-kinds.ts lists it): one kind for every event the shop
 * is told of. The queued row holds the event, the reference, a short summary and the admin page's
 * address: never a customer's private link. Not urgent: nobody waits on the site for it.
 */
import { z } from 'zod';
import { defineMailKind } from '#server/mail/mail-kind.ts';
import { NOTIFICATION_EVENTS } from '#shared/value-sets.ts';
import { shopNotificationMessage } from './notifications-messages.ts';

export const shopNotificationMail = defineMailKind({
  kind: 'shop-notification',
  label: 'The shop is told',
  params: z.object({
    event: z.enum(NOTIFICATION_EVENTS),
    reference: z.string(),
    summary: z.string(),
    url: z.string(),
  }),
  async render(_deps, { recipient, params }, shop) {
    return shopNotificationMessage({ shop, to: recipient, ...params });
  },
});
