/**
 * Login benchmark: builds the app on PGlite in a temporary DATA_DIR, creates one user, and signs
 * in 50 times through app.inject (each a full POST /login with the XSRF check, the argon2id
 * verification and the session rotation). Prints the median server-side time, measured by
 * Fastify's reply.elapsedTime (from the request's arrival to the response being sent).
 *   npx tsx scripts/bench-login.ts
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '#server/config/load-config.ts';
import { buildApp } from '#server/app.ts';
import { openDatabase } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrator.ts';
import { prepareStorage } from '#server/files/storage.ts';
import { hashPassword } from '#server/auth/passwords.ts';
import { insertUser } from '#server/users/users.repository.ts';

const RUNS = 50;
const WARM_UP = 5;
const EMAIL = 'bench@example.test';
const PASSWORD = 'bench-password-123';

function cookieHeader(jar: Map<string, string>): string {
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
}

function keepCookies(jar: Map<string, string>, cookies: { name: string; value: string }[]): void {
  for (const c of cookies) jar.set(c.name, c.value);
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bodyshop-bench-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', APP_URL: 'http://localhost:3000' });
  await prepareStorage(dataDir);
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
  await migrateToLatest(database.db);
  await insertUser(database.db, {
    firstname: 'Bench',
    lastname: 'Mark',
    email: EMAIL,
    password_hash: await hashPassword(PASSWORD),
    email_verified_at: new Date(),
  });
  const app = await buildApp({ config, database, logger: false });
  const times: number[] = [];
  app.addHook('onResponse', async (request, reply) => {
    if (request.url === '/login') times.push(reply.elapsedTime);
  });
  await app.ready();
  try {
    const jar = new Map<string, string>();
    const csrf = await app.inject({ method: 'GET', url: '/sanctum/csrf-cookie' });
    keepCookies(jar, csrf.cookies);
    for (let i = 0; i < WARM_UP + RUNS; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/login',
        headers: {
          accept: 'application/json',
          'content-type': 'application/json',
          cookie: cookieHeader(jar),
          'x-xsrf-token': decodeURIComponent(jar.get('XSRF-TOKEN') ?? ''),
        },
        payload: JSON.stringify({ email: EMAIL, password: PASSWORD, remember: false }),
      });
      if (res.statusCode !== 200) throw new Error(`login answered ${res.statusCode}: ${res.body}`);
      keepCookies(jar, res.cookies); // each login rotates the session
    }
    const measured = times.slice(WARM_UP).sort((a, b) => a - b);
    const median = (measured[Math.floor((RUNS - 1) / 2)]! + measured[Math.ceil((RUNS - 1) / 2)]!) / 2;
    console.log(`logins: ${RUNS} (after ${WARM_UP} warm-up), engine: PGlite`);
    console.log(
      `median server-side time: ${median.toFixed(1)} ms (min ${measured[0]!.toFixed(1)} ms, max ${measured.at(-1)!.toFixed(1)} ms)`,
    );
  } finally {
    await app.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
