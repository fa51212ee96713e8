// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { TRPCClientError } from '@trpc/client';
import { fieldErrorsOf, firstError, messageOf } from '#client/lib/api-errors.ts';
import { UploadError } from '#client/lib/upload-error.ts';
import { DOB_MESSAGE, profileErrors } from '#client/pages/account/profile-errors.ts';

const errors422 = {
  email: ['The email has already been taken.', 'The email must be a valid email address.'],
  password: ['The password field confirmation does not match.'],
};

describe('field errors from a 422', () => {
  it('come from an upload error body', () => {
    const error = new UploadError(422, { message: 'The email has already been taken. (and 2 more errors)', errors: errors422 });
    expect(fieldErrorsOf(error)).toEqual(errors422);
    expect(firstError(fieldErrorsOf(error), 'email')).toBe('The email has already been taken.');
    expect(firstError(fieldErrorsOf(error), 'firstname')).toBeUndefined();
    expect(messageOf(error)).toBe('The email has already been taken. (and 2 more errors)');
  });

  it('come from a tRPC error data.fieldErrors', () => {
    const error = TRPCClientError.from({
      error: {
        code: -32022,
        message: 'The email has already been taken.',
        data: { appCode: 'VALIDATION', httpStatus: 422, fieldErrors: errors422, retryAfter: null },
      },
    });
    expect(fieldErrorsOf(error)).toEqual(errors422);
    expect(messageOf(error)).toBe('The email has already been taken.');
  });

  it('are empty for anything else, with a friendly message', () => {
    expect(fieldErrorsOf(new Error('boom'))).toEqual({});
    expect(fieldErrorsOf(null)).toEqual({});
    expect(messageOf(new Error('boom'))).toMatch(/something went wrong/i);
  });
});

describe('the profile form errors (docs/product.md section 5)', () => {
  it('shows one date-of-birth message whichever part failed', () => {
    expect(profileErrors({ day: ['The day field is required.'] }).dob).toBe(DOB_MESSAGE);
    expect(profileErrors({ month: ['x'] }).dob).toBe(DOB_MESSAGE);
    expect(profileErrors({ year: ['x'], day: ['y'] }).dob).toBe(DOB_MESSAGE);
    expect(profileErrors({ firstname: ['The firstname field is required.'] })).toEqual({ firstname: 'The firstname field is required.' });
  });

  it('puts the 12 MB message on the file field for a 413', () => {
    expect(profileErrors({}, 413).cvfile).toBe('The file you have uploaded is too large. Max 12MB.');
  });

  it('takes the first message per field', () => {
    expect(profileErrors({ email: errors422.email, cvfile: ['The cvfile must be a PDF.'] })).toEqual({
      email: 'The email has already been taken.',
      cvfile: 'The cvfile must be a PDF.',
    });
  });
});
