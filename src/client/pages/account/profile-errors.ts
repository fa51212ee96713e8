/**
 * The profile form's errors (docs/product.md section 5): the first message per field, one date-of-birth
 * message whichever of its parts failed, and the 12 MB message on the file field for a 413.
 */
import { CV_TOO_LARGE_MESSAGE } from '#shared/limits.ts';
import { firstError } from '#client/lib/api-errors.ts';
import type { FieldErrors } from '#shared/errors.ts';

export const DOB_MESSAGE = 'You have not entered your date of birth';

export interface ProfileErrors {
  firstname?: string;
  lastname?: string;
  email?: string;
  telephone?: string;
  cvfile?: string;
  dob?: string;
}

export function profileErrors(errors: FieldErrors, status?: number): ProfileErrors {
  const out: ProfileErrors = {};
  for (const field of ['firstname', 'lastname', 'email', 'telephone', 'cvfile'] as const) {
    const message = firstError(errors, field);
    if (message) out[field] = message;
  }
  if (status === 413) out.cvfile = CV_TOO_LARGE_MESSAGE;
  if (['day', 'month', 'year'].some((part) => firstError(errors, part))) out.dob = DOB_MESSAGE;
  return out;
}
