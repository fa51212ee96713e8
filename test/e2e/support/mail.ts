/**
 * The server has no SMTP_URL here, so it writes every message as an .eml file to <dataDir>/mail.
 * waitForMail() waits for the newest message to an address (optionally with a subject and newer
 * than a given moment) and returns its text and the links in it.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser, type AddressObject } from 'mailparser';

export interface ReceivedMail {
  file: string;
  to: string[];
  subject: string;
  text: string;
  links: string[];
  receivedAt: number;
  /** Attached files (a booking's .ics), their content as text. */
  attachments: { filename: string; contentType: string; content: string }[];
}

function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  if (!field) return [];
  const list = Array.isArray(field) ? field : [field];
  return list.flatMap((a) => a.value.map((v) => (v.address ?? '').toLowerCase()));
}

export async function listMail(dataDir: string): Promise<ReceivedMail[]> {
  const dir = path.join(dataDir, 'mail');
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => n.endsWith('.eml'));
  } catch {
    return [];
  }
  const mails: ReceivedMail[] = [];
  for (const name of names) {
    const file = path.join(dir, name);
    const [raw, info] = await Promise.all([readFile(file), stat(file)]);
    const parsed = await simpleParser(raw);
    const text = parsed.text ?? '';
    mails.push({
      file,
      to: addresses(parsed.to),
      subject: parsed.subject ?? '',
      text,
      links: text.match(/https?:\/\/[^\s<>"')\]]+/g) ?? [],
      receivedAt: info.mtimeMs,
      attachments: parsed.attachments.map((a) => ({
        filename: a.filename ?? '',
        contentType: a.contentType,
        content: a.content.toString('utf8'),
      })),
    });
  }
  return mails.sort((a, b) => a.receivedAt - b.receivedAt || a.file.localeCompare(b.file));
}

export async function waitForMail(
  dataDir: string,
  to: string,
  options: { subject?: RegExp; after?: number; timeoutMs?: number } = {},
): Promise<ReceivedMail> {
  const deadline = Date.now() + (options.timeoutMs ?? 15_000);
  const address = to.toLowerCase();
  for (;;) {
    const matching = (await listMail(dataDir)).filter(
      (m) =>
        m.to.includes(address) &&
        (!options.subject || options.subject.test(m.subject)) &&
        (options.after === undefined || m.receivedAt >= options.after),
    );
    const newest = matching.at(-1);
    if (newest) return newest;
    if (Date.now() > deadline)
      throw new Error(`no e-mail to ${to}${options.subject ? ` matching ${options.subject}` : ''} arrived within the time limit`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The one link in a message whose path matches, e.g. /\/email\/verify\// or /\/reset-password\//. */
export function linkIn(mail: ReceivedMail, pathPattern: RegExp): string {
  const link = mail.links.find((l) => pathPattern.test(new URL(l).pathname));
  if (!link) throw new Error(`the e-mail "${mail.subject}" has no link matching ${pathPattern}:\n${mail.text}`);
  return link;
}
