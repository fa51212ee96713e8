/**
 * Registration and authentication responses as an authenticator with "none" attestation makes
 * them, for the server's real verification (@simplewebauthn/server): a P-256 key, user presence
 * and verification, for the relying party `localhost` at http://localhost:3000 (the tests' APP_URL).
 */
import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const RP_ID = 'localhost';
const ORIGIN = 'http://localhost:3000';

export function newCredentialId(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * A software authenticator holding one P-256 passkey: its registration response, and assertions
 * signed with its private key (ECDSA over the authenticator data and the client data's hash), its
 * signature counter growing with each, as a real authenticator answers a sign-in.
 */
export function softwarePasskey(credentialId = newCredentialId()) {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const rpIdHash = createHash('sha256').update(RP_ID).digest();
  let counter = 0;
  const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
  return {
    credentialId,
    registration(challenge: string): Record<string, unknown> {
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
        rpIdHash,
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
      const clientDataJSON = b64(Buffer.from(JSON.stringify({ type: 'webauthn.create', challenge, origin: ORIGIN })));
      return {
        id: credentialId,
        rawId: credentialId,
        type: 'public-key',
        clientExtensionResults: {},
        response: { clientDataJSON, attestationObject: b64(attestationObject), transports: ['internal'] },
      };
    },
    assertion(challenge: string): Record<string, unknown> {
      counter += 1;
      const count = Buffer.alloc(4);
      count.writeUInt32BE(counter);
      const authData = Buffer.concat([rpIdHash, Buffer.from([0x05]), count]); // user present and verified
      const clientData = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge, origin: ORIGIN }));
      const signature = sign('sha256', Buffer.concat([authData, createHash('sha256').update(clientData).digest()]), privateKey);
      return {
        id: credentialId,
        rawId: credentialId,
        type: 'public-key',
        clientExtensionResults: {},
        response: { clientDataJSON: b64(clientData), authenticatorData: b64(authData), signature: b64(signature) },
      };
    },
  };
}

export function registrationResponse(challenge: string, credentialId = newCredentialId()): Record<string, unknown> {
  return softwarePasskey(credentialId).registration(challenge);
}
