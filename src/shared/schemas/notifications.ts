// Which events e-mail the shop and to whom (GET/PUT /api/admin/notifications, docs/product.md "Notifications").
import { z } from 'zod';
import { emailField } from '#shared/validation.ts';
import { NOTIFICATION_EVENTS } from '#shared/value-sets.ts';

/** At most this many addresses are told. */
export const NOTIFICATION_RECIPIENTS_MAX = 10;

export const notificationSettingsSchema = z.object({
  /** The events that e-mail the shop (the rest are off). */
  events: z.array(z.enum(NOTIFICATION_EVENTS)),
  /** The addresses told; empty: the shop's e-mail. */
  recipients: z.array(z.string()),
  /** The shop's e-mail from its details, told when no address is listed. */
  shop_email: z.string(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const notificationSettingsInput = z.object({
  events: z.array(z.enum(NOTIFICATION_EVENTS)).max(NOTIFICATION_EVENTS.length),
  recipients: z.array(emailField('recipients')).max(NOTIFICATION_RECIPIENTS_MAX, `At most ${NOTIFICATION_RECIPIENTS_MAX} addresses.`),
});
export type NotificationSettingsInput = z.input<typeof notificationSettingsInput>;
