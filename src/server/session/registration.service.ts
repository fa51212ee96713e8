/**
 * Registration (rest-contract.md, Session: POST /api/register): a new account with role user,
 * signed in at once (the session rotates), and a verification e-mail sent. An optional CV is
 * stored before the row points at it and removed again if the row cannot be written.
 */
import type { AppDeps } from '#server/app-deps.ts';
import { AppError, isUniqueViolation } from '#server/errors.ts';
import { hashPassword } from '#server/auth/passwords.ts';
import { cvColumns, checkCvUpload, storeCv, type CvUpload } from '#server/files/cv.ts';
import * as users from '#server/users/users.repository.ts';
import type { FieldErrors } from '#shared/errors.ts';
import type { RegisterInput } from '#shared/schemas/session.ts';
import { messages } from '#shared/validation.ts';
import { sendVerificationMail } from './account-mail.ts';
import { rotateSession, type CurrentSession, type SessionGrant } from './session-grant.ts';

export async function register(deps: AppDeps, input: RegisterInput, cv: CvUpload | null, current: CurrentSession): Promise<SessionGrant> {
  const errors: FieldErrors = {};
  // Also checked with zod's messages when the input is invalid (registerChecks); here it is the last guard.
  if (await users.isEmailTaken(deps.db, input.email)) errors.email = [messages.taken('email')];
  const cvType = await checkCvUpload(cv, errors);
  if (Object.keys(errors).length) throw AppError.validation(errors);

  const passwordHash = await hashPassword(input.password);
  const cvKey = cv && cvType ? await storeCv(deps.storage, cv.path, cvType) : null;
  let userId: number;
  try {
    userId = await users.insertUser(deps.db, {
      firstname: input.firstname,
      lastname: input.lastname,
      email: input.email,
      role: 'user',
      password_hash: passwordHash,
      ...(cv && cvKey && cvType ? cvColumns(cv, cvKey, cvType) : {}),
    });
  } catch (error) {
    if (cvKey) await deps.storage.delete(cvKey);
    // A concurrent registration won the race.
    if (isUniqueViolation(error)) throw AppError.field('email', messages.taken('email'));
    throw error;
  }
  const token = await rotateSession(deps, current, { userId, remember: false });
  await sendVerificationMail(deps, { id: userId, firstname: input.firstname, email: input.email });
  return { token, remember: false };
}
