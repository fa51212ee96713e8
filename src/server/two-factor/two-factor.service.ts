/**
 * Two-factor rules: a pending secret until the first valid code confirms it, eight recovery codes,
 * codes accepted once per user, and the checks the login challenge uses. Secrets and codes are
 * decrypted only here.
 */
import { recordActivity } from '#server/activity/record-activity.ts';
import { actorFromMeta } from '#server/activity/actor.ts';
import { timingSafeEqual } from 'node:crypto';
import type { AppDeps } from '#server/app-deps.ts';
import type { SessionMeta } from '#server/auth/sessions.ts';
import { queueSecurityAlert } from '#server/account/security-alerts.service.ts';
import { AppError } from '#server/errors.ts';
import { decryptWithAnyKey, encryptString } from '#server/auth/encryption.ts';
import { generateRecoveryCode, generateTotpSecret, matchTotpStep, totpUri } from '#server/auth/totp.ts';
import { RECOVERY_CODE_COUNT } from '#shared/limits.ts';
import { INVALID_RECOVERY_CODE_MESSAGE, INVALID_TWO_FACTOR_CODE_MESSAGE, type QrCodeResult } from '#shared/schemas/two-factor.ts';
import {
  claimTotpStep,
  clearConfirmedTwoFactor,
  clearTwoFactor,
  findTwoFactorState,
  markTwoFactorConfirmed,
  reencryptTwoFactor,
  savePendingTwoFactor,
  swapRecoveryCodes,
} from '#server/users/users.repository.ts';

type Deps = Pick<AppDeps, 'db' | 'config'>;
/** The changes that send a security e-mail (account/security-alerts.service.ts) queue it in their transaction. */
type AlertingDeps = Pick<AppDeps, 'db' | 'config' | 'jobs'>;

const NOT_ENABLED_MESSAGE = 'Two factor authentication has not been enabled.';

function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, generateRecoveryCode);
}

function encryptCodes(deps: Deps, codes: string[]): string {
  return encryptString(deps.config.appKey, JSON.stringify(codes));
}

function decryptCodes(deps: Deps, stored: string | null): string[] {
  if (!stored) return [];
  return JSON.parse(decryptWithAnyKey(deps.config.appKeys, stored).plaintext) as string[];
}

function decryptSecret(deps: Deps, stored: string): string {
  return decryptWithAnyKey(deps.config.appKeys, stored).plaintext;
}

/**
 * The user's two-factor columns, re-encrypted under APP_KEY first when they were made with a key
 * from APP_PREVIOUS_KEYS (so a rotated-out key can later be dropped). Compare-and-set: a request
 * that changed them meanwhile wins, and the state it wrote is read back.
 */
async function getState(deps: Deps, userId: number) {
  const state = await findTwoFactorState(deps.db, userId);
  if (!state) throw AppError.unauthenticated();
  if (!state.two_factor_secret) return state;
  const secret = decryptWithAnyKey(deps.config.appKeys, state.two_factor_secret);
  const codes = state.two_factor_recovery_codes ? decryptWithAnyKey(deps.config.appKeys, state.two_factor_recovery_codes) : null;
  if (!secret.isStale && !codes?.isStale) return state;
  const next = {
    two_factor_secret: encryptString(deps.config.appKey, secret.plaintext),
    two_factor_recovery_codes: codes ? encryptString(deps.config.appKey, codes.plaintext) : null,
  };
  const isSwapped = await reencryptTwoFactor(deps.db, userId, state, next);
  if (isSwapped) return { ...state, ...next };
  return (await findTwoFactorState(deps.db, userId)) ?? state;
}

/** A second call keeps the pending (or confirmed) secret, as Fortify does without `force`. */
export async function enableTwoFactor(deps: Deps, userId: number): Promise<void> {
  const state = await getState(deps, userId);
  if (state.two_factor_secret) return;
  await savePendingTwoFactor(
    deps.db,
    userId,
    encryptString(deps.config.appKey, generateTotpSecret()),
    encryptCodes(deps, newRecoveryCodes()),
  );
}

export async function getQrCode(deps: Deps, userId: number): Promise<QrCodeResult> {
  const state = await getState(deps, userId);
  if (!state.two_factor_secret) return [];
  const url = totpUri(decryptSecret(deps, state.two_factor_secret), state.email);
  // Loaded when someone turns two-factor on, not at start.
  const { default: QRCode } = await import('qrcode');
  const svg = await QRCode.toString(url, { type: 'svg', margin: 1 });
  return { svg, url };
}

export async function getSecretKey(deps: Deps, userId: number): Promise<{ secretKey: string }> {
  const state = await getState(deps, userId);
  if (!state.two_factor_secret) throw AppError.notFound(NOT_ENABLED_MESSAGE);
  return { secretKey: decryptSecret(deps, state.two_factor_secret) };
}

/** True when `code` is a current TOTP code not used before by this user (and marks it used). */
async function acceptTotpCode(deps: Deps, userId: number, encryptedSecret: string, code: string): Promise<boolean> {
  const step = matchTotpStep(decryptSecret(deps, encryptedSecret), code);
  if (step === null) return false;
  return claimTotpStep(deps.db, userId, step);
}

export async function confirmTwoFactor(deps: AlertingDeps, userId: number, code: string, meta: SessionMeta): Promise<void> {
  const state = await getState(deps, userId);
  if (!state.two_factor_secret || !(await acceptTotpCode(deps, userId, state.two_factor_secret, code))) {
    throw AppError.field('code', INVALID_TWO_FACTOR_CODE_MESSAGE);
  }
  if (state.two_factor_confirmed_at) return;
  await deps.db.transaction().execute(async (trx) => {
    if (!(await markTwoFactorConfirmed(trx, userId, new Date()))) return false;
    await queueSecurityAlert(deps, trx, { userId, to: state.email, event: 'two-factor-on', meta });
    await recordActivity(trx, {
      actor: actorFromMeta(userId, meta),
      kind: 'two-factor-on',
      item: { type: 'user', id: userId, label: state.email },
    });
    return true;
  });
}

export async function getRecoveryCodes(deps: Deps, userId: number): Promise<string[]> {
  const state = await getState(deps, userId);
  if (!state.two_factor_secret) return [];
  return decryptCodes(deps, state.two_factor_recovery_codes);
}

export async function regenerateRecoveryCodes(deps: AlertingDeps, userId: number, meta: SessionMeta): Promise<void> {
  const state = await getState(deps, userId);
  if (!state.two_factor_secret || !state.two_factor_recovery_codes) return;
  await deps.db.transaction().execute(async (trx) => {
    if (!(await swapRecoveryCodes(trx, userId, state.two_factor_recovery_codes!, encryptCodes(deps, newRecoveryCodes())))) return false;
    // Only once two-factor is on: the codes of a set-up in progress are nobody's yet.
    if (state.two_factor_confirmed_at) await queueSecurityAlert(deps, trx, { userId, to: state.email, event: 'recovery-codes', meta });
    return Boolean(state.two_factor_confirmed_at);
  });
}

export async function disableTwoFactor(deps: AlertingDeps, userId: number, meta: SessionMeta): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const wasOn = await clearConfirmedTwoFactor(trx, userId);
    // A set-up that was never confirmed goes too, with no e-mail: two-factor was not on.
    if (!wasOn) await clearTwoFactor(trx, userId);
    else {
      const state = await findTwoFactorState(trx, userId);
      if (state) await queueSecurityAlert(deps, trx, { userId, to: state.email, event: 'two-factor-off', meta });
      await recordActivity(trx, {
        actor: actorFromMeta(userId, meta),
        kind: 'two-factor-off',
        item: { type: 'user', id: userId, label: state?.email ?? null },
      });
    }
    return wasOn;
  });
}

function sameCode(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Uses a recovery code at login: when it is one of the user's, it is replaced by a new one (so
 * eight remain) and true is returned. Compare-and-set, so one code cannot be used twice at once.
 */
async function useRecoveryCode(deps: Deps, userId: number, code: string): Promise<boolean> {
  const state = await getState(deps, userId);
  if (!state.two_factor_secret || !state.two_factor_recovery_codes) return false;
  const codes = decryptCodes(deps, state.two_factor_recovery_codes);
  const given = code.trim();
  const index = codes.findIndex((c) => sameCode(c, given));
  if (index === -1) return false;
  const next = [...codes];
  next[index] = generateRecoveryCode();
  return swapRecoveryCodes(deps.db, userId, state.two_factor_recovery_codes, encryptCodes(deps, next));
}

/** The challenge at login: a recovery code first, then a TOTP code (docs/rest-contract.md). */
export async function passTwoFactorChallenge(
  deps: Deps,
  userId: number,
  input: { code?: string | null; recovery_code?: string | null },
): Promise<void> {
  const state = await getState(deps, userId);
  const secret = state.two_factor_confirmed_at ? state.two_factor_secret : null;
  if (secret && input.recovery_code && (await useRecoveryCode(deps, userId, input.recovery_code))) return;
  if (secret && input.code && (await acceptTotpCode(deps, userId, secret, input.code))) return;
  if (input.recovery_code) throw AppError.field('recovery_code', INVALID_RECOVERY_CODE_MESSAGE);
  throw AppError.field('code', INVALID_TWO_FACTOR_CODE_MESSAGE);
}
