/**
 * The one way an account is made: registration (account/registration.service.ts) and the admin's
 * add-user (users.service.ts). The rules: a unique e-mail (any case; checked with the CV in one
 * 422, and again by the unique index for a race), the password hashed, an optional CV checked by
 * its bytes and stored before the row points at it, removed again if the row cannot be written;
 * a password found in a known breach refused (auth/breached-passwords.ts).
 */
import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { AppDeps } from '#server/app-deps.ts';
import type { Database } from '#server/db/types.ts';
import { hashPassword } from '#server/auth/passwords.ts';
import { BREACHED_PASSWORD_MESSAGE, isPasswordBreached } from '#server/auth/breached-passwords.ts';
import { isUniqueViolation } from '#server/db/database-errors.ts';
import { AppError } from '#server/errors.ts';
import { checkCvUpload, cvColumns, storeCv, type CvUpload } from '#server/files/cv.ts';
import type { FieldErrors } from '#shared/errors.ts';
import { messages } from '#shared/validation.ts';
import type { Role } from '#shared/value-sets.ts';
import * as users from './users.repository.ts';

export interface NewAccount {
  firstname: string;
  lastname: string;
  email: string;
  role: Role;
  /** null: no password of their own (a staff member who set up a passkey instead): a random secret nobody knows is hashed. */
  password: string | null;
  /** An admin vouches for the address; a registration verifies it by the e-mailed link. */
  verified: boolean;
  cv?: CvUpload | null;
}

/**
 * Creates the account; its id. A taken e-mail or a file that is not a CV is a 422. `withAccount`
 * runs in the transaction that inserts the row (registration queues the verification mail there:
 * the account and its mail are kept together or not at all).
 */
export async function createAccount(
  deps: Pick<AppDeps, 'db' | 'storage' | 'config' | 'log'>,
  account: NewAccount,
  withAccount?: (trx: Transaction<Database>, userId: number) => Promise<void>,
): Promise<number> {
  const errors: FieldErrors = {};
  if (await users.isEmailTaken(deps.db, account.email)) errors.email = [messages.taken('email')];
  if (account.password !== null && (await isPasswordBreached(deps, account.password))) errors.password = [BREACHED_PASSWORD_MESSAGE];
  const cv = account.cv ?? null;
  const cvType = await checkCvUpload(cv, errors);
  if (Object.keys(errors).length) throw AppError.validation(errors);

  const passwordHash = await hashPassword(account.password ?? randomBytes(32).toString('base64url'));
  const cvKey = cv && cvType ? await storeCv(deps.storage, cv.path, cvType) : null;
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const id = await users.insertUser(trx, {
        firstname: account.firstname,
        lastname: account.lastname,
        email: account.email,
        role: account.role,
        password_hash: passwordHash,
        ...(account.verified ? { email_verified_at: new Date() } : {}),
        ...(cv && cvKey && cvType ? cvColumns(cv, cvKey, cvType) : {}),
      });
      await withAccount?.(trx, id);
      return id;
    });
  } catch (error) {
    if (cvKey) await deps.storage.delete(cvKey);
    // A concurrent creation with the same address won the race.
    if (isUniqueViolation(error)) throw AppError.field('email', messages.taken('email'));
    throw error;
  }
}
