/**
 * A registration response as an authenticator with "none" attestation makes it, for the server's
 * real verification (@simplewebauthn/server): a P-256 key, user presence and verification, for
 * the relying party `localhost` at http://localhost:3000 (the tests' APP_URL).
 */
import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const RP_ID = 'localhost';
const ORIGIN = 'http://localhost:3000';

export function newCredentialId(): string {
  return randomBytes(16).toString('base64url');
}

export function registrationResponse(challenge: string, credentialId = newCredentialId()): Record<string, unknown> {
  const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const coseKey = new Map<number, number | Uint8Array>([
    [1, 2],
    [3, -7],
    [-1, 1],
    [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
    [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
  ]);
  const id = Buffer.from(credentialId, 'base64url');
  const idLength = Buffer.alloc(2);
  idLength.writeUInt16BE(id.length);
  const authData = Buffer.concat([
    createHash('sha256').update(RP_ID).digest(),
    Buffer.from([0x45]), // user present, user verified, attested credential data
    Buffer.alloc(4), // signature counter
    Buffer.alloc(16), // AAGUID
    idLength,
    id,
    Buffer.from(isoCBOR.encode(coseKey)),
  ]);
  const attestationObject = isoCBOR.encode(
    new Map<string, unknown>([
      ['fmt', 'none'],
      ['attStmt', new Map()],
      ['authData', new Uint8Array(authData)],
    ]) as Parameters<typeof isoCBOR.encode>[0],
  );
  const clientDataJSON = Buffer.from(JSON.stringify({ type: 'webauthn.create', challenge, origin: ORIGIN })).toString('base64url');
  return {
    id: credentialId,
    rawId: credentialId,
    type: 'public-key',
    clientExtensionResults: {},
    response: { clientDataJSON, attestationObject: Buffer.from(attestationObject).toString('base64url'), transports: ['internal'] },
  };
}
