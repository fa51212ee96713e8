// A full disk is a 507 in the contract's shape wherever the write failed (a REST upload, inside a
// tRPC procedure), never a 500 carrying the file system's words. The real disk is filled in
// test/faults/disk-full.test.ts.
import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { isStorageFull } from '#server/files/storage.ts';
import { toAppError } from '#server/errors.ts';
import { restErrorResponse } from '#server/rest/error-response.ts';

const FULL = { message: 'There is not enough storage space to save this file. Nothing was saved; please try again later.' };
const enospc = () => Object.assign(new Error('ENOSPC: no space left on device, write /srv/data/files/x'), { code: 'ENOSPC' });

describe('a full disk', () => {
  it('is a 507 with a fixed message, also when wrapped', () => {
    for (const error of [
      enospc(),
      Object.assign(new Error('Disk quota exceeded'), { code: 'EDQUOT' }),
      new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: enospc() }),
    ]) {
      expect(isStorageFull(error)).toBe(true);
      expect(restErrorResponse(toAppError(error))).toEqual({ status: 507, headers: {}, body: FULL });
    }
  });

  it('is only ENOSPC and EDQUOT', () => {
    for (const error of [Object.assign(new Error('x'), { code: 'EACCES' }), new Error('no space left on device'), null, 'ENOSPC']) {
      expect(isStorageFull(error)).toBe(false);
    }
    expect(restErrorResponse(toAppError(Object.assign(new Error('/srv/x'), { code: 'EACCES' }))).status).toBe(500);
  });
});
