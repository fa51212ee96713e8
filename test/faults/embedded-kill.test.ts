/**
 * The embedded database (PGlite) killed mid-write: 8 clients create testimonials, the server gets
 * SIGKILL at a random moment while they write, and starts again on the same DATA_DIR; 5 rounds.
 * Every round the server must start, and every write it acknowledged (answered 201) in any round
 * must be there with what was written. Always on PGlite, even when TEST_DATABASE_URL is set.
 */
import { readFileSync } from 'node:fs';
import { afterAll, expect, inject, test } from 'vitest';
import { ApiClient } from '../e2e/support/api.ts';
import { signInClients } from './support/sign-in.ts';
import { startServer } from '../e2e/support/server.ts';

const ROUNDS = 5;
const WRITERS = 8;

type Server = Awaited<ReturnType<typeof startServer>>;
let server: Server | undefined;

afterAll(async () => {
  await server?.stop();
});

function logTail(running: { logFile: string }): string {
  try {
    return readFileSync(running.logFile, 'utf8').split('\n').slice(-20).join('\n');
  } catch {
    return '';
  }
}

/** Every testimonial the admin sees, id → name. */
async function allTestimonials(admin: ApiClient): Promise<Map<number, string>> {
  const found = new Map<number, string>();
  for (let page = 0; ; page++) {
    const { body } = await admin.expect('GET', `/api/testimonials?limit=100&page=${page}`, [200]);
    for (const t of body.results as { id: number; name: string }[]) found.set(t.id, t.name);
    if (body.results.length < 100) return found;
  }
}

test(
  `SIGKILL while ${WRITERS} clients write, restarted on the same folder, ${ROUNDS} rounds: it starts and keeps every acknowledged write`,
  { timeout: 420_000 },
  async () => {
    const appRoot = inject('e2eAppRoot');
    server = await startServer({ appRoot, template: inject('e2eTemplate'), embeddedDatabase: true, keepData: true });
    const acknowledged = new Map<number, string>();
    const startSeconds: number[] = [];
    const perRound: string[] = [];

    for (let round = 1; round <= ROUNDS; round++) {
      const writers = await signInClients(server, WRITERS);
      let attempted = 0;
      const before = acknowledged.size;
      let killed = false;
      let failure: Error | undefined;
      const writing = writers.map(async (client, writer) => {
        for (let n = 0; !killed && !failure; n++) {
          const name = `Kill r${round} w${writer} n${n}`;
          attempted++;
          try {
            const response = await client.request('POST', '/api/testimonials', { name, score: 4, review: `<p>${name}</p>` });
            if (response.status === 201) acknowledged.set(Number(response.body.id), name);
            else if (!killed) failure ??= new Error(`round ${round}: a write answered ${response.status}: ${response.text.slice(0, 300)}`);
          } catch (error) {
            // After the kill the connection dies with the server: not acknowledged, so it may or may not be there.
            if (!killed)
              failure ??= new Error(`round ${round}: a write failed before the kill: ${(error as Error).message}\n${logTail(server!)}`);
          }
        }
      });
      // Killed at a random moment once writes flow.
      await new Promise((resolve) => setTimeout(resolve, 1500 + Math.random() * 2000));
      killed = true;
      await server.kill();
      await Promise.all(writing);
      if (failure) throw failure;
      const acknowledgedThisRound = acknowledged.size - before;
      expect(acknowledgedThisRound, `round ${round}: writes were acknowledged before the kill`).toBeGreaterThan(0);

      const started = Date.now();
      server = await startServer({ appRoot, restartOf: server, embeddedDatabase: true, keepData: true });
      startSeconds.push((Date.now() - started) / 1000);

      const admin = new ApiClient(server.baseUrl);
      await admin.login(server.adminEmail, server.adminPassword);
      const stored = await allTestimonials(admin);
      const missing = [...acknowledged].filter(([id, name]) => stored.get(id) !== name);
      perRound.push(
        `round ${round}: ${attempted} sent, ${acknowledgedThisRound} acknowledged, restart ${startSeconds.at(-1)!.toFixed(1)} s, ${missing.length} missing`,
      );
      expect(missing, `round ${round}: acknowledged writes missing after the restart`).toEqual([]);
    }
    console.log(`embedded kill: ${perRound.join('; ')}; ${acknowledged.size} acknowledged writes in all, all present`);
  },
);
