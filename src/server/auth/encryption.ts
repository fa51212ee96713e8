/**
 * Encryption at rest for two-factor secrets and recovery codes: AES-256-GCM under a key derived
 * from APP_KEY (a separate derivation from the one that signs links, so one use cannot leak into
 * the other). The stored form is "v1:" + base64(iv | tag | ciphertext); GCM's tag means a changed
 * value fails to decrypt rather than decrypting to garbage.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

const VERSION = 'v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

function encryptionKey(appKey: Buffer): Buffer {
  return createHmac('sha256', appKey).update('encryption:aes-256-gcm').digest();
}

export function encryptString(appKey: Buffer, plaintext: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', encryptionKey(appKey), iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return VERSION + Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64');
}

/**
 * Decrypts with APP_KEY or, after a rotation, a previous key (`appKeys` is APP_KEY first).
 * `isStale` says the value was made with a previous key and should be re-encrypted.
 */
export function decryptWithAnyKey(appKeys: readonly Buffer[], stored: string): { plaintext: string; isStale: boolean } {
  let lastError: unknown = new Error('No key to decrypt with');
  for (const [index, appKey] of appKeys.entries()) {
    try {
      return { plaintext: decryptString(appKey, stored), isStale: index > 0 };
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}

export function decryptString(appKey: Buffer, stored: string): string {
  if (!stored.startsWith(VERSION)) throw new Error('Unknown encrypted value format');
  const raw = Buffer.from(stored.slice(VERSION.length), 'base64');
  const iv = raw.subarray(0, IV_BYTES);
  const tag = raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', encryptionKey(appKey), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
}
