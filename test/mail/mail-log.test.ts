// Without SMTP the outbox logs each message it writes: its address and subject, never its links
// (a reset or verification link in a log is a key to the account).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { expect, it } from 'vitest';
import { createMailer } from '#server/mail/mailer.ts';
import { passwordResetMessage } from '#server/account/account-messages.ts';
import { defaultShop } from '#server/db/seed/default-shop.ts';

it('logs the outbox message without its links', async () => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bodyshop-mail-log-'));
  const lines: string[] = [];
  const log = pino({ level: 'info' }, new Writable({ write: (chunk: Buffer, _enc, done) => (lines.push(chunk.toString()), done()) }));
  try {
    const url = 'http://localhost:3000/reset-password/0123456789abcdef?email=someone%40example.test';
    const mailer = createMailer({ from: 'shop@example.test', dataDir, log });
    await mailer.send(passwordResetMessage({ to: 'someone@example.test', firstname: 'Some', url, shop: defaultShop }));
    const written = lines.join('');
    expect(written).toContain('e-mail written to the outbox');
    expect(written).toContain('someone@example.test');
    expect(written).not.toContain('0123456789abcdef');
    expect(written).not.toContain('reset-password');
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});
