/**
 * The breached-password rule as an input check (parse-input.ts): when another field refuses the
 * input, a password found in Pwned Passwords joins the same 422. Registration, the password
 * reset and change and the admin's add-user use it; their services keep the same check as the
 * last guard (auth/breached-passwords.ts; docs/decisions/breached-passwords.md).
 */
import { BREACHED_PASSWORD_MESSAGE, isPasswordBreached } from '#server/auth/breached-passwords.ts';
import { passwordField } from '#shared/schemas/password.ts';
import type { FieldErrors } from '#shared/errors.ts';
import type { InputCheck } from './parse-input.ts';

export function notBreachedPassword(): InputCheck {
  return async (ctx, raw): Promise<FieldErrors> => {
    // A password zod refuses (too short, not a string) has its own message; no call for it.
    const parsed = passwordField.safeParse(raw.password);
    if (!parsed.success) return {};
    return (await isPasswordBreached(ctx.deps, parsed.data)) ? { password: [BREACHED_PASSWORD_MESSAGE] } : {};
  };
}
