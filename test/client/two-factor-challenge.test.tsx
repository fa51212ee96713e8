// A wrong app code is told in the app code's words, although the client sends its one input as
// both code and recovery_code and the server answers with the recovery code's message.
import { describe, expect, it } from 'vitest';
import { TRPCClientError } from '@trpc/client';
import type { AppErrorData } from '#shared/errors.ts';
import { challengeErrorMessage } from '#client/pages/auth/two-factor-challenge-page.tsx';

function validationError(field: string, message: string) {
  const data: AppErrorData = { appCode: 'VALIDATION', httpStatus: 422, fieldErrors: { [field]: [message] }, retryAfter: null };
  return TRPCClientError.from({ error: { code: -32600, message, data } });
}

const recoveryMessage = 'The provided two factor recovery code was invalid.';

describe('challengeErrorMessage', () => {
  it('says the app code was invalid when six digits were sent', () => {
    expect(challengeErrorMessage(validationError('recovery_code', recoveryMessage), '123456')).toBe(
      'The provided two factor authentication code was invalid.',
    );
    expect(challengeErrorMessage(validationError('recovery_code', recoveryMessage), ' 123 456 ')).toBe(
      'The provided two factor authentication code was invalid.',
    );
  });

  it("keeps the server's message for a recovery code and for other errors", () => {
    expect(challengeErrorMessage(validationError('recovery_code', recoveryMessage), 'abcdefghij-klmnopqrst')).toBe(recoveryMessage);
    const throttled = TRPCClientError.from({
      error: {
        code: -32600,
        message: 'Too Many Attempts.',
        data: { appCode: 'TOO_MANY_REQUESTS', httpStatus: 429, fieldErrors: null, retryAfter: 60 },
      },
    });
    expect(challengeErrorMessage(throttled, '123456')).toBe('Too Many Attempts.');
  });
});
