/**
 * The signed-in user's own account (rest-contract.md, Session: GET and POST /api/user): read it,
 * and update the contact details, date of birth and CV. A changed e-mail becomes unverified and
 * a new link is sent. The new CV is stored before the row points at it and the old one deleted
 * only afterwards, so at every moment the row names a file that exists.
 */
import { queueMail } from '#server/mail/outgoing-mail.ts';
import type { AppDeps } from '#server/app-deps.ts';
import { AppError } from '#server/errors.ts';
import { isUniqueViolation } from '#server/db/database-errors.ts';
import { cvColumns, checkCvUpload, storeCv, type CvUpload } from '#server/files/cv.ts';
import { presentUser } from '#server/users/user-presenter.ts';
import * as users from '#server/users/users.repository.ts';
import type { FieldErrors } from '#shared/errors.ts';
import { dateOfBirthSchema } from '#shared/schemas/date-of-birth.ts';
import type { ProfileInput } from '#shared/schemas/session.ts';
import type { User } from '#shared/schemas/user.ts';
import { fieldErrorsFromZod, messages } from '#shared/validation.ts';
import { queueSecurityAlert } from './security-alerts.service.ts';
import type { SessionMeta } from '#server/auth/sessions.ts';

export async function getCurrentUser(deps: Pick<AppDeps, 'db'>, userId: number): Promise<{ data: User }> {
  const row = await users.findPresentableUser(deps.db, userId);
  if (!row) throw AppError.unauthenticated();
  return { data: presentUser(row) };
}

export async function updateProfile(
  deps: AppDeps,
  userId: number,
  input: ProfileInput,
  cv: CvUpload | null,
  meta: SessionMeta,
): Promise<{ data: User }> {
  const errors: FieldErrors = {};
  const current = await users.findCv(deps.db, userId);
  if (!current) throw AppError.unauthenticated();
  const emailChanged = current.email.toLowerCase() !== input.email.toLowerCase();
  // Also checked with zod's messages when the input is invalid (profileChecks); here it is the last guard.
  if (emailChanged && (await users.isEmailTaken(deps.db, input.email, userId))) (errors.email ??= []).push(messages.taken('email'));
  const dob = dateOfBirthSchema().safeParse({ day: input.day, month: input.month, year: input.year });
  if (!dob.success) for (const [field, list] of Object.entries(fieldErrorsFromZod(dob.error))) (errors[field] ??= []).push(...list);
  const cvType = await checkCvUpload(cv, errors);
  if (Object.keys(errors).length || !dob.success) throw AppError.validation(errors);

  const newCvKey = cv && cvType ? await storeCv(deps.storage, cv.path, cvType) : null;
  try {
    await deps.db.transaction().execute(async (trx) => {
      await users.updateUser(trx, userId, {
        firstname: input.firstname,
        lastname: input.lastname,
        email: input.email,
        telephone: input.telephone ?? null,
        dob: dob.data,
        ...(emailChanged ? { email_verified_at: null } : {}),
        ...(cv && newCvKey && cvType ? cvColumns(cv, newCvKey, cvType) : {}),
      });
      if (emailChanged) {
        await queueMail(deps, trx, { kind: 'verification', to: input.email, params: { userId } });
        // To both addresses: the old one is where the owner hears of a change they did not make.
        const change = { userId, event: 'email-changed' as const, meta, oldEmail: current.email, newEmail: input.email };
        await queueSecurityAlert(deps, trx, { ...change, to: current.email });
        await queueSecurityAlert(deps, trx, { ...change, to: input.email });
      }
    });
  } catch (error) {
    if (newCvKey) await deps.storage.delete(newCvKey);
    if (isUniqueViolation(error)) throw AppError.field('email', messages.taken('email'));
    throw error;
  }
  if (newCvKey && current.cv_file_key) {
    await deps.storage.delete(current.cv_file_key).catch((err: unknown) => deps.log.warn({ err }, 'old CV could not be deleted'));
  }
  return getCurrentUser(deps, userId);
}
