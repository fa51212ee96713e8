// Password hashing: argon2id with OWASP's parameters (m=19456 KiB, t=2, p=1).
import type * as Argon2 from '@node-rs/argon2';

// 2 is Algorithm.Argon2id (a const enum, which isolated modules cannot import).
const ARGON2ID = 2;

const options = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

// The native argon2 module is loaded by the first sign-in or sign-up, not at start.
let argon2: Promise<typeof Argon2> | undefined;
const loadArgon2 = () => (argon2 ??= import('@node-rs/argon2'));

export async function hashPassword(password: string): Promise<string> {
  return (await loadArgon2()).hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await (await loadArgon2()).verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * A hash of a random password, verified against when the e-mail is unknown, so a login for an
 * unknown account takes as long as one for a known account.
 */
let dummyHash: Promise<string> | undefined;
export function getDummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(`dummy-${Math.random()}`);
  return dummyHash;
}
