/**
 * Urgent mail first (mail-kinds.ts mailPriorityOf): a sign-in code queued behind a pile of bulk
 * mail (new sign-in alerts) reaches the mail server (a real SMTP listener) among the first, and
 * every mail still arrives once. The kinds someone waits for on the site are the urgent ones. Both engines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { createUser } from '#test/support/factories.ts';
import { testEngine } from '#test/support/database.ts';
import { startSmtpListener, type SmtpListener } from '#test/support/smtp.ts';
import { queueMails, type QueuedMail } from '#server/mail/outgoing-mail.ts';
import { mailKinds, mailPriorityOf, URGENT_MAIL_PRIORITY } from '#server/mail/mail-kinds.ts';
import { sendMailJob } from '#server/jobs/definitions/send-mail.ts';
import { jobsOf, mailRows } from '#test/support/jobs.ts';

const BULK = 30;

describe(`urgent mail on ${testEngine}`, () => {
  let smtp: SmtpListener;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpListener();
    t = await createTestApp({ SMTP_URL: smtp.url }, { drainJobsPerRequest: false });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('names as urgent the codes and links someone is waiting for, and nothing else', () => {
    expect(mailKinds.filter((k) => mailPriorityOf(k.kind) === URGENT_MAIL_PRIORITY).map((k) => k.kind)).toEqual([
      'verification',
      'password-reset',
      'login-code',
      'confirmation-code',
      'staff-invitation',
    ]);
    expect(mailPriorityOf('security-alert')).toBe(0);
    expect(mailPriorityOf('repair-stage-changed')).toBe(0);
  });

  it(`sends a sign-in code queued behind ${BULK} alerts among the first, and each mail once`, { timeout: 120_000 }, async () => {
    const alerted = await createUser(t.deps.db, { email: 'alerted@example.test' });
    const waiting = await createUser(t.deps.db, { email: 'waiting@example.test' });
    const alert = (): QueuedMail => ({
      kind: 'security-alert',
      to: alerted.email,
      params: {
        userId: alerted.id,
        facts: { event: 'new-sign-in', at: new Date().toISOString(), browser: 'Firefox', system: 'Linux', ipAddress: '203.0.113.7' },
      },
    });
    await queueMails(
      t.deps,
      Array.from({ length: BULK }, () => alert()),
    );
    await queueMails(t.deps, [
      { kind: 'login-code', to: waiting.email, params: { userId: waiting.id, requestedAt: new Date().toISOString() } },
    ]);
    await t.deps.jobs.drain();

    const to = smtp.messages.map((m) => (Array.isArray(m.to) ? m.to[0] : m.to)?.text.toLowerCase());
    expect(to).toHaveLength(BULK + 1);
    // Sent in the first round, beside at most the others that run with it (send-mail's concurrency).
    expect(to.indexOf('waiting@example.test')).toBeLessThan(sendMailJob.concurrency ?? 1);
    expect(to.filter((a) => a === 'waiting@example.test')).toHaveLength(1);
    expect((await mailRows(t.deps.db)).every((m) => m.status === 'sent')).toBe(true);
    expect((await jobsOf(t.deps.db, sendMailJob.name)).every((j) => j.state === 'completed')).toBe(true);
  });
});
