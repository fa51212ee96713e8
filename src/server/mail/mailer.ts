/**
 * Sends e-mail with nodemailer: over SMTP when SMTP_URL is set, otherwise each message is written
 * as an .eml file to DATA_DIR/mail (its address and subject logged, never its links) so a laptop
 * needs no mail server.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where the customer's "Reply" goes (the shop's address on a reply in a thread); nodemailer's replyTo. */
  replyTo?: string;
  /** Files with the message (a booking's .ics), made when the message is rendered from its queued row. */
  /** `encoding: 'base64'`: the content is a binary file's base64 (an invoice's PDF). */
  attachments?: { filename: string; content: string; contentType: string; encoding?: 'base64' }[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  readonly outboxDir: string | null;
}

/**
 * Mail is sent while the request waits, so a mail server that hangs must not hold a sign-up for
 * nodemailer's default minutes: short timeouts, unless the URL sets its own (query parameters).
 */
function withTimeouts(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  const defaults = { connectionTimeout: '10000', greetingTimeout: '10000', socketTimeout: '20000' };
  for (const [key, value] of Object.entries(defaults)) if (!url.searchParams.has(key)) url.searchParams.set(key, value);
  return url.toString();
}

// nodemailer is loaded by the first message, not at start (a site that sends no mail never pays for it).
async function createTransport(settings: string | Record<string, unknown>): Promise<Transporter> {
  const { default: nodemailer } = await import('nodemailer');
  return nodemailer.createTransport(settings);
}

export function createMailer(options: { smtpUrl?: string | undefined; from: string; dataDir: string; log: FastifyBaseLogger }): Mailer {
  if (options.smtpUrl) {
    const smtpUrl = withTimeouts(options.smtpUrl);
    let transport: Promise<Transporter> | undefined;
    return {
      outboxDir: null,
      async send(message) {
        transport ??= createTransport(smtpUrl);
        await (await transport).sendMail({ from: options.from, ...message });
      },
    };
  }
  const outboxDir = path.join(options.dataDir, 'mail');
  let transport: Promise<Transporter> | undefined;
  return {
    outboxDir,
    async send(message) {
      transport ??= createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
      const info = await (await transport).sendMail({ from: options.from, ...message });
      await mkdir(outboxDir, { recursive: true });
      const file = path.join(outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 8)}.eml`);
      await writeFile(file, info.message as Buffer);
      // Never the links: a reset or verification link in a log is a key to the account.
      options.log.info({ to: message.to, subject: message.subject, file }, 'e-mail written to the outbox');
    },
  };
}
