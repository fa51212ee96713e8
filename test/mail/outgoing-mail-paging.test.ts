// The Outgoing mail list pages by cursor: mails queued in one transaction share their created_at,
// and a walk still meets each once (the older `before` can skip them).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { listOutgoingMail, summariseOutgoingMail } from '#server/mail/outgoing-mail.service.ts';
import { countMailByStatusCapped } from '#server/mail/outgoing-mail.repository.ts';
import { sql } from 'kysely';
import { outgoingMailListInput } from '#shared/schemas/outgoing-mail.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('outgoing mail list', () => {
  it('walks mails of the same instant by cursor, each once, newest first', async () => {
    const ids: string[] = Array.from({ length: 7 }, () => randomUUID());
    const at = new Date(Date.UTC(2019, 3, 1, 8));
    await t.deps.db
      .insertInto('outgoing_mail')
      .values(
        ids.map((id) => ({ id, kind: 'verification', recipient: 'walk@example.com', params: '{}', status: 'cancelled', created_at: at })),
      )
      .execute();
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 10; pages++) {
      const page = await listOutgoingMail(t.deps, { status: 'cancelled', limit: 3, cursor });
      expect(page.data.length).toBeLessThanOrEqual(3);
      seen.push(...page.data.map((m) => m.id));
      cursor = page.next_cursor ?? undefined;
      if (!cursor) break;
    }
    const mine = seen.filter((id) => ids.includes(id));
    expect(new Set(mine).size).toBe(7);
    expect(mine).toEqual([...ids].sort().reverse());
  });

  it('refuses a limit above 100 and a malformed cursor', () => {
    expect(outgoingMailListInput.safeParse({ limit: 101 }).success).toBe(false);
    expect(outgoingMailListInput.safeParse({ cursor: 'a b' }).success).toBe(false);
    expect(outgoingMailListInput.safeParse({ limit: 100 }).success).toBe(true);
  });

  it('counts each status up to just past the cap, so the summary costs the same for any size', async () => {
    await sql`delete from outgoing_mail`.execute(t.deps.db);
    for (const [status, n] of [
      ['sent', 12],
      ['failed', 2],
      ['queued', 0],
      ['cancelled', 5],
    ] as const) {
      await sql`insert into outgoing_mail (id, kind, recipient, status)
        select gen_random_uuid(), 'verification', 'count@example.com', ${status} from generate_series(1, ${n}::int)`.execute(t.deps.db);
    }
    expect(await countMailByStatusCapped(t.deps.db, 10)).toEqual({ sent: 11, failed: 2, queued: 0, cancelled: 5 });
    expect(await countMailByStatusCapped(t.deps.db, 100)).toEqual({ sent: 12, failed: 2, queued: 0, cancelled: 5 });
    expect((await summariseOutgoingMail(t.deps)).counts).toEqual({ sent: 12, failed: 2, queued: 0, cancelled: 5 });
  });
});
