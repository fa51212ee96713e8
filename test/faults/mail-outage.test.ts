/**
 * Mail through the job queue, on real servers (either engine: TEST_DATABASE_URL or the
 * embedded database). The mail server refuses connections for 60 s, then comes back: every mail
 * queued during the outage arrives after it, none twice, and the answers during the outage were
 * as fast as with the server up. Then a mail server that accepts and never answers: registration
 * answers in its usual time and the mails go once the server answers. Figures are printed.
 */
import { afterAll, expect, inject, it } from 'vitest';
import { startServer } from '../e2e/support/server.ts';
import { ApiClient } from '../e2e/support/api.ts';
import { startSilentSmtp } from '#test/support/smtp.ts';
import { duplicatesOf, switchableSmtp, waitFor, type SwitchableSmtp } from './support/mail-server.ts';

const OUTAGE_MS = 60_000;

type Server = Awaited<ReturnType<typeof startServer>>;
const servers: Server[] = [];
const smtps: SwitchableSmtp[] = [];

afterAll(async () => {
  for (const server of servers) await server.stop();
  for (const smtp of smtps) await smtp.down();
});

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const ms = (values: number[]) => `median ${median(values).toFixed(0)} ms, max ${Math.max(...values).toFixed(0)} ms (n=${values.length})`;

let counter = 0;
const address = (tag: string) => `${tag}-${Date.now().toString(36)}-${++counter}@example.test`;

async function timed(work: () => Promise<{ status: number; text: string }>, expected: number, times: number[]): Promise<void> {
  const started = performance.now();
  const response = await work();
  times.push(performance.now() - started);
  if (response.status !== expected) throw new Error(`answered ${response.status}, expected ${expected}: ${response.text.slice(0, 300)}`);
}

async function register(server: Server, email: string, times: number[]): Promise<void> {
  const client = new ApiClient(server.baseUrl);
  await client.expect('GET', '/sanctum/csrf-cookie', [204, 200]);
  await timed(
    () =>
      client.post('/api/register', {
        firstname: 'Olive',
        lastname: 'Outage',
        email,
        password: 'long-enough-1',
        password_confirmation: 'long-enough-1',
      }),
    201,
    times,
  );
}

async function requestQuote(server: Server, email: string, times: number[]): Promise<void> {
  const client = new ApiClient(server.baseUrl);
  await client.expect('GET', '/sanctum/csrf-cookie', [204, 200]);
  const form = new FormData();
  for (const [name, value] of Object.entries({
    name: 'Olive Outage',
    email,
    vehicle: 'Vauxhall Corsa 2015',
    description: 'Scraped wing mirror and a dent in the driver door.',
    preferred_contact: 'email',
    consent: '1',
  }))
    form.append(name, value);
  await timed(() => client.post('/api/quote-requests', form), 201, times);
}

async function forgotPassword(server: Server, email: string, times: number[]): Promise<void> {
  const client = new ApiClient(server.baseUrl);
  await client.expect('GET', '/sanctum/csrf-cookie', [204, 200]);
  await timed(() => client.post('/forgot-password', { email }), 200, times);
}

it(
  'SMTP refusing connections for 60 s, then back: every mail queued in the outage arrives after it, none twice, answers as fast',
  { timeout: 480_000 },
  async () => {
    const smtp = await switchableSmtp();
    smtps.push(smtp);
    const server = await startServer({ appRoot: inject('e2eAppRoot'), template: inject('e2eTemplate'), env: { SMTP_URL: smtp.url } });
    servers.push(server);
    const up = { register: [] as number[], quote: [] as number[], forgot: [] as number[] };
    const down = { register: [] as number[], quote: [] as number[], forgot: [] as number[] };

    // With the server up: the usual times, and the mails arrive.
    const upAccounts = [address('up'), address('up'), address('up')];
    for (const email of upAccounts) await register(server, email, up.register);
    await requestQuote(server, address('up-quote'), up.quote);
    for (const email of upAccounts.slice(0, 2)) await forgotPassword(server, email, up.forgot);
    await waitFor('the mails sent while the server is up', () => smtp.received.length >= 3 + 2 + 2, 60_000);
    const beforeOutage = smtp.received.length;

    // The outage: the port refuses connections for 60 s; requests keep coming all along.
    await smtp.down();
    const outageStarted = Date.now();
    const downAccounts: string[] = [];
    let expected = 0;
    for (let i = 0; Date.now() - outageStarted < OUTAGE_MS - 6000; i++) {
      const email = address('down');
      downAccounts.push(email);
      await register(server, email, down.register);
      expected += 1;
      if (i < 3) {
        await requestQuote(server, address('down-quote'), down.quote);
        expected += 2;
      }
      if (i >= 1 && i <= 4) {
        await forgotPassword(server, downAccounts[i - 1]!, down.forgot);
        expected += 1;
      }
      await new Promise((resolve) => setTimeout(resolve, 4000));
    }
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, OUTAGE_MS - (Date.now() - outageStarted))));
    expect(smtp.received.length, 'nothing arrives while the server refuses').toBe(beforeOutage);

    // Back on the same port: the retries deliver everything queued, each once.
    await smtp.up();
    const backAt = Date.now();
    const deliveredIn = await waitFor(
      'every mail queued in the outage',
      () => smtp.received.length - beforeOutage >= expected,
      240_000,
      1000,
    );
    // A little longer: nothing comes twice.
    await new Promise((resolve) => setTimeout(resolve, 20_000));
    const afterOutage = smtp.received.filter((m) => m.at >= backAt);
    const duplicates = duplicatesOf(smtp.received);
    console.log(
      `mail outage (${OUTAGE_MS / 1000} s refusing): ${expected} mails queued during it, ${afterOutage.length} delivered after it ` +
        `(all within ${(deliveredIn / 1000).toFixed(0)} s of the server's return), duplicates: ${duplicates}. ` +
        `Answers with the server up: register ${ms(up.register)}, quote ${ms(up.quote)}, forgot ${ms(up.forgot)}; ` +
        `during the outage: register ${ms(down.register)}, quote ${ms(down.quote)}, forgot ${ms(down.forgot)}`,
    );
    expect(afterOutage).toHaveLength(expected);
    expect(duplicates).toBe(0);
    for (const email of downAccounts) expect(smtp.received.filter((m) => m.to === email).length, email).toBeGreaterThanOrEqual(1);
    // As fast as usual: within the usual time plus a margin for a loaded machine.
    expect(median(down.register)).toBeLessThan(median(up.register) * 2 + 200);
    expect(median(down.quote)).toBeLessThan(median(up.quote) * 2 + 200);
    expect(median(down.forgot)).toBeLessThan(median(up.forgot) * 2 + 200);
  },
);

it(
  'SMTP that accepts and never answers: registration answers in its usual time; the mails go once the server answers',
  { timeout: 300_000 },
  async () => {
    const silent = await startSilentSmtp();
    const server = await startServer({ appRoot: inject('e2eAppRoot'), template: inject('e2eTemplate'), env: { SMTP_URL: silent.url } });
    servers.push(server);
    const hanging: number[] = [];
    const accounts = [address('hang'), address('hang'), address('hang'), address('hang')];
    for (const email of accounts) await register(server, email, hanging);
    // Let the sender be stuck in its greeting timeout for a while, and register more meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 5000));
    for (const email of [address('hang'), address('hang')]) {
      accounts.push(email);
      await register(server, email, hanging);
    }
    await silent.close();
    const smtp = await switchableSmtp({ port: silent.port });
    smtps.push(smtp);
    const deliveredIn = await waitFor(
      'the mails after the server answers again',
      () => smtp.received.length >= accounts.length,
      180_000,
      1000,
    );
    await new Promise((resolve) => setTimeout(resolve, 15_000));
    const duplicates = duplicatesOf(smtp.received);
    console.log(
      `mail server hanging: register ${ms(hanging)}; ${smtp.received.length} of ${accounts.length} mails delivered within ` +
        `${(deliveredIn / 1000).toFixed(0)} s of a server answering again, duplicates: ${duplicates}`,
    );
    expect(Math.max(...hanging)).toBeLessThan(3000);
    expect(smtp.received.map((m) => m.to).sort()).toEqual([...accounts].sort());
    expect(duplicates).toBe(0);
  },
);
