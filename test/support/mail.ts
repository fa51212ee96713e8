/**
 * Reads what the app sent: the .eml files the outbox transport wrote to DATA_DIR/mail, parsed
 * with mailparser, so tests see the real message (headers, text and HTML parts, links).
 */
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';

export interface SentMail {
  file: string;
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  /** Attached files (a booking's .ics), their content as text. */
  attachments: { filename: string; contentType: string; content: string; bytes: Buffer }[];
}

export async function readOutbox(outboxDir: string): Promise<SentMail[]> {
  let names: string[];
  try {
    names = (await readdir(outboxDir)).filter((n) => n.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  const out: SentMail[] = [];
  for (const name of names) {
    const file = path.join(outboxDir, name);
    const parsed = await simpleParser(await readFile(file));
    const text = parsed.text ?? '';
    out.push({
      file,
      to: Array.isArray(parsed.to) ? parsed.to.map((a) => a.text).join(', ') : (parsed.to?.text ?? ''),
      from: parsed.from?.text ?? '',
      subject: parsed.subject ?? '',
      text,
      html: typeof parsed.html === 'string' ? parsed.html : '',
      links: text.match(/https?:\/\/\S+/g) ?? [],
      attachments: parsed.attachments.map((a) => ({
        filename: a.filename ?? '',
        contentType: a.contentType,
        content: a.content.toString('utf8'),
        bytes: a.content,
      })),
    });
  }
  return out;
}

/** The mails sent to `address`, oldest first. */
export async function mailsTo(outboxDir: string, address: string): Promise<SentMail[]> {
  return (await readOutbox(outboxDir)).filter((m) => m.to.toLowerCase().includes(address.toLowerCase()));
}

export async function clearOutbox(outboxDir: string): Promise<void> {
  await rm(outboxDir, { recursive: true, force: true });
}

/** The path and query of an absolute link, for app.inject. */
export function pathOf(link: string): string {
  const u = new URL(link);
  return u.pathname + u.search;
}
