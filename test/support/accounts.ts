/**
 * Helpers for account tests: sign in through the real endpoints and turn two-factor on through
 * the API (TOTP codes: totp.ts).
 */
import { expect } from 'vitest';
import type { TestClient, TestResponse } from './client.ts';
import { FACTORY_PASSWORD } from './factories.ts';
import { clearOfStepEnd, totpCode } from './totp.ts';

export async function login(client: TestClient, email: string, password = FACTORY_PASSWORD, remember = false): Promise<TestResponse> {
  if (!client.cookie('XSRF-TOKEN')) await client.csrf();
  return client.post('/login', { json: { email, password, remember } });
}

/** Confirms the password, enables and confirms two-factor; returns the secret and recovery codes. */
export async function turnOnTwoFactor(client: TestClient, password = FACTORY_PASSWORD): Promise<{ secret: string; codes: string[] }> {
  expect((await client.post('/user/confirm-password', { json: { password } })).status).toBe(201);
  expect((await client.post('/user/two-factor-authentication', { json: {} })).status).toBe(200);
  const secret = (await client.get('/user/two-factor-secret-key')).body.secretKey as string;
  // The previous step, so a test can still use the current and next steps afterwards.
  await clearOfStepEnd(3_000);
  expect((await client.post('/user/confirmed-two-factor-authentication', { json: { code: totpCode(secret, -1) } })).status).toBe(200);
  const codes = (await client.get('/user/two-factor-recovery-codes')).body as string[];
  return { secret, codes };
}

export function cookieOf(response: TestResponse, name: string) {
  return response.cookies.find((c) => c.name === name);
}
