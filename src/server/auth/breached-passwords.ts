/**
 * Breached passwords: Have I Been Pwned's Pwned Passwords through its range API (k-anonymity).
 * Only the first 5 hex characters of the password's SHA-1 leave the server; the service answers
 * every suffix it knows under that prefix (with padding lines of count 0, asked for by
 * `Add-Padding`), and the match is made here. The check never blocks a sign-up: a service that
 * cannot be reached, answers oddly or takes longer than 1 s is skipped, and the skip is logged
 * (docs/decisions/breached-passwords.md). `PWNED_PASSWORDS_URL` sets the address, empty turns it off.
 */
import { createHash } from 'node:crypto';
import type { AppDeps } from '#server/app-deps.ts';

export const PWNED_PASSWORDS_TIMEOUT_MS = 1000;

export const BREACHED_PASSWORD_MESSAGE =
  'This password has appeared in a data breach, so it is not safe to use. Please choose a different password.';

export type BreachCheck = 'breached' | 'not-found' | 'skipped';

/** Whether `password` is in Pwned Passwords; 'skipped' when the check is off or the service failed. */
export async function checkBreachedPassword(deps: Pick<AppDeps, 'config' | 'log'>, password: string): Promise<BreachCheck> {
  const baseUrl = deps.config.pwnedPasswordsUrl;
  if (!baseUrl) return 'skipped';
  const hash = createHash('sha1').update(password, 'utf8').digest('hex').toUpperCase();
  const prefix = hash.slice(0, 5);
  const suffix = hash.slice(5);
  const started = Date.now();
  try {
    const response = await fetch(`${baseUrl}/range/${prefix}`, {
      headers: { 'add-padding': 'true', 'user-agent': 'harbourside-bodyshop' },
      signal: AbortSignal.timeout(PWNED_PASSWORDS_TIMEOUT_MS),
      redirect: 'error',
    });
    if (!response.ok) throw new Error(`status ${response.status}`);
    const body = await response.text();
    for (const line of body.split(/\r?\n/)) {
      const [lineSuffix, count] = line.trim().split(':');
      // Padding lines have a count of 0: not breached.
      if (lineSuffix?.toUpperCase() === suffix && Number(count) > 0) return 'breached';
    }
    return 'not-found';
  } catch (error) {
    deps.log.warn(
      { err: error instanceof Error ? error.message : String(error), ms: Date.now() - started },
      'breached-password check skipped: Pwned Passwords did not answer in time',
    );
    return 'skipped';
  }
}

/** True when the password is known to be breached (a failed or disabled check is not). */
export async function isPasswordBreached(deps: Pick<AppDeps, 'config' | 'log'>, password: string): Promise<boolean> {
  return (await checkBreachedPassword(deps, password)) === 'breached';
}
