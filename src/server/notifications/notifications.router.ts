// The shop's notification setting (docs/rest-contract.md "Notifications"): owners only.
import { z } from 'zod';
import { adminProcedure, checkedInput, router } from '#server/trpc.ts';
import { notificationSettingsInput, notificationSettingsSchema } from '#shared/schemas/notifications.ts';
import { getNotificationSettings, updateNotificationSettings } from './notifications.service.ts';

const tags = ['notifications'];

export const notificationsRouter = router({
  admin: router({
    get: adminProcedure
      .meta({
        permission: 'notifications',
        openapi: { method: 'GET', path: '/api/admin/notifications', tags, summary: 'Which events e-mail the shop, and to which addresses' },
      })
      .concat(checkedInput(z.object({}).optional()))
      .output(notificationSettingsSchema)
      .query(({ ctx }) => getNotificationSettings(ctx.deps)),

    update: adminProcedure
      .meta({
        permission: 'notifications',
        openapi: {
          method: 'PUT',
          path: '/api/admin/notifications',
          tags,
          summary: 'Choose which events e-mail the shop, and to which addresses',
        },
      })
      .concat(checkedInput(notificationSettingsInput))
      .output(notificationSettingsSchema)
      .mutation(({ ctx, input }) => updateNotificationSettings(ctx.deps, input)),
  }),
});
