/**
 * The account's self-service (docs/rest-contract.md "Account"): the signed-in devices, deleting the
 * account, and the export of the user's data. Shared with the account screens.
 */
import { passkeySchema } from './passkeys.ts';
import { z } from 'zod';
import { requiredString } from '../validation.ts';
import { userSchema } from './user.ts';
import { confirmPasswordInputSchema } from './session.ts';
import { exportedQuoteSchema } from './quotes.ts';
import { exportedBookingSchema } from './bookings.ts';
import { exportedRepairJobSchema } from './repair-jobs.ts';
import { invoiceSchema } from './invoices.ts';

/**
 * A signed-in session as its owner sees it. `id` is a public id derived from the stored one
 * (account/device-sessions.service.ts), never the cookie's token or the row's key.
 */
export const deviceSessionSchema = z.object({
  id: z.string(),
  browser: z.string(),
  system: z.string(),
  ipAddress: z.string().nullable(),
  lastActive: z.string(),
  current: z.boolean(),
});
export type DeviceSession = z.infer<typeof deviceSessionSchema>;
export const deviceSessionListSchema = z.array(deviceSessionSchema);

export const deviceSessionIdInput = z.object({ id: requiredString('id', 64) });

/** The password, as POST /user/confirm-password takes it (sign out other devices, delete the account). */
export const passwordInputSchema = confirmPasswordInputSchema;

export const LAST_ADMIN_SELF_DELETE_MESSAGE = 'You are the only admin: make another user an admin before deleting your account.';
export const CURRENT_SESSION_MESSAGE = 'This is the device you are using: sign out instead.';

/** GET /api/user/export: everything the site holds about the user, as JSON (a GDPR access request). */
export const dataExportSchema = z.object({
  exportedAt: z.string(),
  profile: userSchema,
  cv: z.object({ fileName: z.string().nullable(), type: z.string().nullable(), size: z.number().nullable() }).nullable(),
  sessions: z.array(deviceSessionSchema.extend({ userAgent: z.string().nullable(), signedInAt: z.string() })),
  cvDownloads: z.array(z.object({ downloadedAt: z.string() })),
  quoteRequests: z.array(exportedQuoteSchema),
  /** The passkeys' names and where and when each was last used (never a key). */
  passkeys: z.array(passkeySchema.omit({ id: true })),
  bookings: z.array(exportedBookingSchema),
  repairJobs: z.array(exportedRepairJobSchema),
  /** The account's invoices and credit notes as issued (kept six years, after the account too). */
  invoices: z.array(invoiceSchema),
});
export type DataExport = z.infer<typeof dataExportSchema>;
