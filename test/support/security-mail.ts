/**
 * Security e-mail helpers: a client that always sends one User-Agent and address (each a device as
 * the mails name it), a password sign-in, and the security alerts queued for an address.
 */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { formatDate } from '#shared/format/dates.ts';
import type { TestApp } from './app.ts';
import { TestClient } from './client.ts';
import { FACTORY_PASSWORD } from './factories.ts';
import { mailsTo, type SentMail } from './mail.ts';

export const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
export const CHROME_WINDOWS_UPDATED =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/121.0.0.0 Safari/537.36';
export const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0';
export const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';

/** A client whose every request says it comes from `userAgent` at `ip` (the app must trust one proxy). */
export class DeviceClient extends TestClient {
  constructor(
    app: FastifyInstance,
    public userAgent: string,
    private readonly ip = '203.0.113.7',
  ) {
    super(app);
  }
  override request(...[method, url, options = {}]: Parameters<TestClient['request']>) {
    return super.request(method, url, {
      ...options,
      headers: { 'user-agent': this.userAgent, 'x-forwarded-for': this.ip, ...options.headers },
    });
  }
}

export async function signIn(client: TestClient, email: string, password = FACTORY_PASSWORD) {
  if (!client.cookie('XSRF-TOKEN')) await client.csrf();
  const response = await client.post('/login', { json: { email, password, remember: false } });
  expect(response.status).toBe(200);
  return response;
}

/** The security alerts sent to `email` so far (the queue drained first), optionally of one subject. */
export async function securityAlerts(t: TestApp, email: string, subjectStart?: string): Promise<SentMail[]> {
  await t.deps.jobs.drain();
  const all = await mailsTo(t.deps.mailer.outboxDir!, email);
  return all.filter((m) => m.text.includes("If this wasn't you") && (!subjectStart || m.subject.startsWith(subjectStart)));
}

export function expectDevice(mail: SentMail, device: string, ip = '203.0.113.7') {
  expect(mail.text).toContain(`From: ${device}, IP address ${ip}`);
  expect(mail.text).toContain(`When: ${formatDate(new Date(), { timeZone: 'Europe/London' })}, `);
  expect(mail.text).toMatch(/When: \d{1,2} [A-Z][a-z]+ \d{4}, \d{2}:\d{2}\n/);
  expect(mail.links[0]).toMatch(/^http:\/\/localhost:3000\/this-wasnt-me\/[0-9a-f]{64}$/);
  expect(mail.html).toContain('This wasn&#39;t me');
}
