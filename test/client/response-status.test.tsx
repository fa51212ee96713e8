// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { TRPCClientError } from '@trpc/client';
import { handleResponseStatus, redirectForStatus, type StatusEffects } from '#client/lib/response-status.ts';
import { appCodeOf, statusOf } from '#client/lib/api-errors.ts';
import { UploadError } from '#client/lib/upload-error.ts';

function effectsAt(here: string) {
  return { signOutLocally: vi.fn(), navigate: vi.fn(), here: () => here } satisfies StatusEffects;
}

describe('the global response handler (docs/product.md section 8)', () => {
  it.each([401, 419])('%i signs out locally and goes to Login, remembering the page', (status) => {
    const effects = effectsAt('/account/profile');
    handleResponseStatus(status, undefined, effects);
    expect(effects.signOutLocally).toHaveBeenCalledOnce();
    expect(effects.navigate).toHaveBeenCalledWith('/login?redirect=%2Faccount%2Fprofile');
  });

  it('401 on the Login page itself does not loop back to it', () => {
    const effects = effectsAt('/login?redirect=%2Faccount');
    handleResponseStatus(401, undefined, effects);
    expect(effects.signOutLocally).toHaveBeenCalledOnce();
    expect(effects.navigate).not.toHaveBeenCalled();
  });

  it('403 for an unverified e-mail goes to the verify-email page', () => {
    const effects = effectsAt('/account/profile');
    handleResponseStatus(403, 'EMAIL_NOT_VERIFIED', effects);
    expect(effects.signOutLocally).not.toHaveBeenCalled();
    expect(effects.navigate).toHaveBeenCalledWith('/verify-email');
  });

  it('403 for a role refusal stays where it is (the caller shows it)', () => {
    expect(redirectForStatus(403, '/admin/users', 'FORBIDDEN')).toBeNull();
  });

  it('423 goes to confirm-password and back to the page', () => {
    const effects = effectsAt('/account/2fa');
    handleResponseStatus(423, 'PASSWORD_CONFIRMATION_REQUIRED', effects);
    expect(effects.navigate).toHaveBeenCalledWith('/confirm-password?redirect=%2Faccount%2F2fa');
  });

  it.each([200, 404, 422, 429, 500])('%i is left to the caller', (status) => {
    expect(redirectForStatus(status, '/account', undefined)).toBeNull();
  });
});

describe('reading the status of an error', () => {
  it('reads httpStatus and appCode from a tRPC error', () => {
    const error = TRPCClientError.from({
      error: {
        code: -32012,
        message: 'Password confirmation required.',
        data: { appCode: 'PASSWORD_CONFIRMATION_REQUIRED', httpStatus: 423, fieldErrors: null, retryAfter: null },
      },
    });
    expect(statusOf(error)).toBe(423);
    expect(appCodeOf(error)).toBe('PASSWORD_CONFIRMATION_REQUIRED');
  });

  it('reads a 419 from the raw response when the body is not a tRPC error', () => {
    const error = new TRPCClientError('CSRF token mismatch.', { meta: { response: { status: 419 } } });
    expect(statusOf(error)).toBe(419);
  });

  it('reads an upload error and tells an unverified e-mail from a refusal', () => {
    expect(statusOf(new UploadError(413, {}))).toBe(413);
    expect(appCodeOf(new UploadError(403, { message: 'Your email address is not verified.' }))).toBe('EMAIL_NOT_VERIFIED');
    expect(appCodeOf(new UploadError(403, { message: 'This action is unauthorized.' }))).toBe('FORBIDDEN');
  });

  it('has no status for an error that never reached the server', () => {
    expect(statusOf(new Error('offline'))).toBeUndefined();
  });
});
