/**
 * The access rules, in the contract's order (401, then 403 for the role or an unverified e-mail,
 * then 423). The tRPC procedure builders (trpc.ts, for both doors: uploads are procedures too), the
 * few procedures whose access depends on their input and the private photo route call assertAccess,
 * so a rule lives in one place.
 */
import type { RequestContext } from '#server/context.ts';
import { AppError } from '#server/errors.ts';
import { PASSWORD_CONFIRMATION_SECONDS } from '#shared/limits.ts';
import type { Permission } from '#shared/permissions.ts';
import { mayCall } from './permissions.ts';

export type AccessLevel = 'public' | 'signedIn' | 'verified' | 'confirmed' | 'admin';

/**
 * `admin` is staff: an owner (role admin) always, a staff role when the permission table gives it
 * the procedure's `permission` (auth/permissions.ts); without a permission, owners only.
 */
export function assertAccess(ctx: Pick<RequestContext, 'user' | 'session'>, level: AccessLevel, permission?: Permission): void {
  if (level === 'public') return;
  if (!ctx.user || !ctx.session) throw AppError.unauthenticated();
  if (level === 'admin') {
    const allowed = permission ? mayCall(ctx.user, permission) : ctx.user.role === 'admin';
    if (!allowed) throw AppError.forbidden();
    return;
  }
  if (level === 'signedIn') return;
  if (!ctx.user.email_verified_at) throw AppError.emailNotVerified();
  if (level === 'confirmed' && !isPasswordRecentlyConfirmed(ctx.session.password_confirmed_at)) {
    throw AppError.passwordConfirmationRequired();
  }
}

/** Within the last 3 hours (rest-contract.md, Conventions: 423). */
export function isPasswordRecentlyConfirmed(confirmedAt: Date | null, now = new Date()): boolean {
  return confirmedAt !== null && now.getTime() - confirmedAt.getTime() < PASSWORD_CONFIRMATION_SECONDS * 1000;
}
