/**
 * "Download my data" (GET /api/user/export): everything the site holds about the user, for a GDPR
 * access request. Each section is one function of the user; a new kind of personal data adds its
 * line to SECTIONS. Never in it: the password hash, the two-factor secret, the recovery codes, the
 * sessions' tokens or stored ids.
 */
import { recordActivity } from '#server/activity/record-activity.ts';
import type { Actor } from '#server/activity/actor.ts';
import type { AppDeps } from '#server/app-deps.ts';
import { AppError } from '#server/errors.ts';
import { findSignedInSessionsOfUser } from '#server/auth/sessions.repository.ts';
import { presentUser } from '#server/users/user-presenter.ts';
import { findCv, findPresentableUser } from '#server/users/users.repository.ts';
import { findCvDownloadsOf } from '#server/users/cv-downloads.repository.ts';
import type { DataExport } from '#shared/schemas/account.ts';
import { exportMyQuoteRequests } from '#server/quotes/my-quotes.service.ts';
import { exportBookingsOfUser } from '#server/bookings/booking-account.service.ts';
import { exportMyRepairJobs } from '#server/repair-jobs/repair-tracker.service.ts';
import { exportMyInvoices } from '#server/invoices/invoice-reads.service.ts';
import { presentDeviceSession } from './device-sessions.service.ts';
import { listPasskeys } from './passkeys.service.ts';

type Deps = Pick<AppDeps, 'db'>;

interface ExportSubject {
  userId: number;
  currentSessionId: string;
}

type Sections = { [K in Exclude<keyof DataExport, 'exportedAt'>]: (deps: Deps, subject: ExportSubject) => Promise<DataExport[K]> };

const SECTIONS: Sections = {
  profile: async (deps, { userId }) => {
    const row = await findPresentableUser(deps.db, userId);
    if (!row) throw AppError.notFound();
    return presentUser(row);
  },
  cv: async (deps, { userId }) => {
    const cv = await findCv(deps.db, userId);
    return cv?.cv_file_key ? { fileName: cv.cv_original_name, type: cv.cv_mime_type, size: cv.cv_size } : null;
  },
  sessions: async (deps, { userId, currentSessionId }) =>
    (await findSignedInSessionsOfUser(deps.db, userId)).map((row) => ({
      ...presentDeviceSession(row, currentSessionId),
      userAgent: row.user_agent,
      signedInAt: row.created_at.toISOString(),
    })),
  cvDownloads: async (deps, { userId }) =>
    (await findCvDownloadsOf(deps.db, userId)).map((row) => ({ downloadedAt: row.downloaded_at.toISOString() })),
  quoteRequests: async (deps, { userId }) => exportMyQuoteRequests(deps, userId),
  passkeys: async (deps, { userId }) => (await listPasskeys(deps, userId)).data.map(({ id: _id, ...passkey }) => passkey),
  bookings: async (deps, { userId }) => exportBookingsOfUser(deps, userId),
  repairJobs: async (deps, { userId }) => exportMyRepairJobs(deps, userId),
  invoices: async (deps, { userId }) => exportMyInvoices(deps, userId),
};

/** The user's data, once read; the export itself is an activity entry. */
export async function exportUserData(deps: Deps, subject: ExportSubject, now: Date, actor: Actor): Promise<DataExport> {
  const entries = await Promise.all(Object.entries(SECTIONS).map(async ([name, section]) => [name, await section(deps, subject)] as const));
  await recordActivity(deps.db, { actor, kind: 'data-exported', item: { type: 'user', id: subject.userId } });
  return { exportedAt: now.toISOString(), ...(Object.fromEntries(entries) as Omit<DataExport, 'exportedAt'>) };
}

/** The attachment's name: my-data-YYYY-MM-DD.json (UTC). */
export function dataExportFileName(now = new Date()): string {
  return `my-data-${now.toISOString().slice(0, 10)}.json`;
}
