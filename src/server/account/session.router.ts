/**
 * Session procedures: the XSRF cookie, registration, sign-in (with the two-factor step) and
 * sign-out, the current user and profile, e-mail verification, the password flows and the
 * account's self-service. Thin: each validates with a shared schema, calls the account/ service of
 * its flow, and writes cookies or a REST status. Each flow's procedures are in their own file
 * (docs/decisions/router-procedures-in-files-by-flow.md).
 */
import { router } from '#server/trpc.ts';
import { signInProcedures } from './sign-in.procedures.ts';
import { profileProcedures } from './profile.procedures.ts';
import { passwordProcedures } from './password.procedures.ts';
import { ownAccountProcedures } from './own-account.procedures.ts';

export const sessionRouter = router({
  ...signInProcedures,
  ...profileProcedures,
  ...passwordProcedures,
  ...ownAccountProcedures,
});
