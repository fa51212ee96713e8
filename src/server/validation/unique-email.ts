/**
 * Laravel's `unique:users,email` as an input check (parse-input.ts): "The email has already
 * been taken." when the raw e-mail is well-formed and belongs to another account (any case).
 * Registration, the profile and the admin's create and update use it; their services keep
 * their own check as the last guard.
 */
import { isEmailTaken } from '#server/users/users.repository.ts';
import { emailField, messages } from '#shared/validation.ts';
import type { RequestContext } from '#server/context.ts';
import type { FieldErrors } from '#shared/errors.ts';
import type { InputCheck } from './parse-input.ts';

const email = emailField();

/**
 * `exceptUserId` names the account whose own address this may be (the profile's user, the
 * edited user); it returns null when that account cannot be told from the input, and the check
 * is then left to the service.
 */
export function uniqueEmail(exceptUserId?: (ctx: RequestContext, raw: Record<string, unknown>) => number | null): InputCheck {
  return async (ctx, raw): Promise<FieldErrors> => {
    const parsed = email.safeParse(raw.email);
    if (!parsed.success) return {};
    const except = exceptUserId ? exceptUserId(ctx, raw) : undefined;
    if (except === null) return {};
    return (await isEmailTaken(ctx.deps.db, parsed.data, except)) ? { email: [messages.taken('email')] } : {};
  };
}
