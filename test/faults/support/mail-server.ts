/**
 * Mail servers for the fault tests: a real SMTP listener that can go away and come back on the
 * same port (refusing connections while it is away), one that accepts and never answers, and one
 * that holds its first message's reply for ever (a sender killed mid-send never gets its "250").
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';

export interface ReceivedMail {
  to: string;
  subject: string;
  at: number;
}

export interface SwitchableSmtp {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** Messages whose reply this server held and never gave (holdFirst). */
  held: number;
  up(): Promise<void>;
  down(): Promise<void>;
}

export async function switchableSmtp(options: { port?: number; holdFirst?: boolean } = {}): Promise<SwitchableSmtp> {
  const received: ReceivedMail[] = [];
  let server: SMTPServer | undefined;
  let port = options.port ?? 0;
  const state = { held: 0, holding: options.holdFirst ?? false };
  const result: SwitchableSmtp = {
    port,
    url: '',
    received,
    get held() {
      return state.held;
    },
    async up() {
      if (server) return;
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS', 'AUTH'],
        logger: false,
        onData(stream, _session, callback) {
          if (state.holding) {
            // Read the message, never answer: the sender waits until it dies or times out.
            state.holding = false;
            state.held += 1;
            stream.resume();
            return;
          }
          simpleParser(stream)
            .then((parsed) => {
              const to = Array.isArray(parsed.to) ? parsed.to.map((a) => a.text).join(', ') : (parsed.to?.text ?? '');
              received.push({ to: to.toLowerCase(), subject: parsed.subject ?? '', at: Date.now() });
              callback();
            })
            .catch((error: Error) => callback(error));
        },
      });
      server.on('error', () => {});
      await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
      port = (server.server.address() as AddressInfo).port;
      result.port = port;
      result.url = `smtp://127.0.0.1:${port}`;
    },
    async down() {
      const closing = server;
      server = undefined;
      if (!closing) return;
      // Open connections end with the server: a sender in the middle of a message sees it fail.
      await new Promise<void>((resolve) => {
        closing.close(() => resolve());
        const connections = (closing as unknown as { connections?: Set<{ close(): void }> }).connections;
        for (const connection of connections ?? []) connection.close();
      });
    },
  };
  await result.up();
  return result;
}

/** Mails received more than once (same recipient and subject). */
export function duplicatesOf(received: ReceivedMail[]): number {
  const seen = new Map<string, number>();
  for (const mail of received) seen.set(`${mail.to}\n${mail.subject}`, (seen.get(`${mail.to}\n${mail.subject}`) ?? 0) + 1);
  return [...seen.values()].reduce((n, count) => n + (count - 1), 0);
}

export async function waitFor(what: string, check: () => boolean | Promise<boolean>, timeoutMs: number, stepMs = 500): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, stepMs));
  }
}
