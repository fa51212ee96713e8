// Session procedures: the XSRF cookie, sign-in and sign-out, registration, the current user.
import { z } from 'zod';
import { publicProcedure, router } from '#server/trpc.ts';
import { ensureSessionToken } from '#server/auth/session-cookies.ts';

export const sessionRouter = router({
  /** GET /sanctum/csrf-cookie: issues the session and XSRF-TOKEN cookies. */
  csrfCookie: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/sanctum/csrf-cookie', tags: ['session'], summary: 'Issue the XSRF-TOKEN cookie' }, rest: { successStatus: 204 } })
    .input(z.object({}))
    .output(z.void())
    .query(({ ctx }) => {
      ensureSessionToken(ctx);
    }),
});
