// The message threads: one per customer matter, both sides writing, read markers, done and reopen,
// paged reads, the shop's awaiting list and count, export and deletion, and the copy of the
// tracker's old one-way messages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { createAdmin } from '#test/support/factories.ts';
import { insertQuoteRequest, insertRepairJob } from '#test/support/work-rows.ts';
import { insertMessage } from '#server/repair-jobs/repair-job-messages.repository.ts';
import * as migration from '#migrations/2026-12-04T0400_message_threads.ts';
import {
  deleteThreads,
  exportThreads,
  listThreadsAwaitingShop,
  markDone,
  matterOf,
  matterOfRepairJob,
  MessageRejected,
  postMessage,
  readThread,
  sanitiseMessage,
  unreadThreadCount,
} from '#server/threads/threads.service.ts';

let t: TestApp;
let stageId: number;
let staffId: number;
beforeAll(async () => {
  t = await createTestApp();
  stageId = (await t.deps.db.selectFrom('repair_stages').select('id').orderBy('position').executeTakeFirstOrThrow()).id;
  staffId = (await createAdmin(t.deps.db, { email: 'threads-staff@example.com' })).id;
});
afterAll(async () => {
  await t?.close();
});

describe('one thread per customer matter', () => {
  it('keys a matter by its quote, else its booking, else its job', () => {
    expect(matterOf({ quoteRequestId: 4, bookingId: 7, repairJobId: 9 }).matter_key).toBe('quote:4');
    expect(matterOf({ bookingId: 7, repairJobId: 9 }).matter_key).toBe('booking:7');
    expect(matterOf({ repairJobId: 9 }).matter_key).toBe('job:9');
    expect(() => matterOf({})).toThrow();
    expect(matterOfRepairJob({ id: 9, quote_request_id: null, booking_id: 7 }).matter_key).toBe('booking:7');
  });

  it('lets the quote and its job share one thread, and keeps another matter apart', async () => {
    const quote = await insertQuoteRequest(t.deps.db);
    const job = await insertRepairJob(t.deps.db, { stage_id: stageId, quote_request_id: quote.id });
    const other = await insertRepairJob(t.deps.db, { stage_id: stageId });
    const fromQuote = await postMessage(t.deps.db, matterOf({ quoteRequestId: quote.id }), { side: 'customer', body: 'About my quote' });
    const fromJob = await postMessage(t.deps.db, matterOfRepairJob(job), {
      side: 'customer',
      body: 'About the repair',
    });
    expect(fromJob.thread.id).toBe(fromQuote.thread.id);
    const apart = await postMessage(t.deps.db, matterOf({ repairJobId: other.id }), { side: 'customer', body: 'Mine' });
    expect(apart.thread.id).not.toBe(fromQuote.thread.id);

    const page = await readThread(t.deps.db, `job:${other.id}`, 'customer');
    expect(page.messages.map((m) => m.body)).toEqual(['Mine']);
  });

  it('waits for the shop after a customer message, stops on the reply, reopens on the next, and done clears it', async () => {
    const job = await insertRepairJob(t.deps.db, { stage_id: stageId });
    const matter = matterOf({ repairJobId: job.id });
    const before = await unreadThreadCount(t.deps.db);

    await postMessage(t.deps.db, matter, { side: 'customer', body: 'When is it ready?' });
    expect(await unreadThreadCount(t.deps.db)).toBe(before + 1);
    const reply = await postMessage(t.deps.db, matter, { side: 'shop', staffUserId: staffId, body: 'Friday.' });
    expect(reply.thread.awaiting_shop).toBe(false);
    expect(reply.message.staff_user_id).toBe(staffId);
    expect(await unreadThreadCount(t.deps.db)).toBe(before);

    await postMessage(t.deps.db, matter, { side: 'customer', body: 'Thanks' });
    const done = await markDone(t.deps.db, matter.matter_key);
    expect(done?.done_at).toBeInstanceOf(Date);
    expect(await unreadThreadCount(t.deps.db)).toBe(before);

    const reopened = await postMessage(t.deps.db, matter, { side: 'customer', body: 'One more thing' });
    expect(reopened.thread.done_at).toBeNull();
    expect(reopened.thread.awaiting_shop).toBe(true);

    const page = await readThread(t.deps.db, matter.matter_key, 'shop');
    expect(page.messages.map((m) => [m.author_side, m.body])).toEqual([
      ['customer', 'One more thing'],
      ['customer', 'Thanks'],
      ['shop', 'Friday.'],
      ['customer', 'When is it ready?'],
    ]);
    expect(page.thread?.shop_read_at).toBeInstanceOf(Date);
  });

  it('refuses a shop message without its staff member, and an empty or overlong message', async () => {
    const matter = matterOf({ repairJobId: (await insertRepairJob(t.deps.db, { stage_id: stageId })).id });
    await expect(postMessage(t.deps.db, matter, { side: 'shop', body: 'Hi' })).rejects.toThrow();
    await expect(postMessage(t.deps.db, matter, { side: 'customer', body: ' \u0000 \n ' })).rejects.toBeInstanceOf(MessageRejected);
    await expect(postMessage(t.deps.db, matter, { side: 'customer', body: 'x'.repeat(2001) })).rejects.toBeInstanceOf(MessageRejected);
    expect(sanitiseMessage(' a\u0007b\r\n\n\n\n\nc ')).toBe('ab\n\n\nc');
  });

  it('pages a long thread with the limit enforced', async () => {
    const matter = matterOf({ repairJobId: (await insertRepairJob(t.deps.db, { stage_id: stageId })).id });
    for (let i = 0; i < 55; i++) await postMessage(t.deps.db, matter, { side: 'customer', body: `m${i}` });
    const first = await readThread(t.deps.db, matter.matter_key, 'shop', { limit: 500 });
    expect(first.messages).toHaveLength(50);
    expect(first.messages[0]!.body).toBe('m54');
    const second = await readThread(t.deps.db, matter.matter_key, 'shop', { limit: 500, beforeId: first.nextBeforeId! });
    expect(second.messages.map((m) => m.body)).toEqual(['m4', 'm3', 'm2', 'm1', 'm0']);
    expect(second.nextBeforeId).toBeNull();
  });

  it('lists the threads awaiting the shop, newest first and paged', async () => {
    const keys: string[] = [];
    for (let i = 0; i < 3; i++) {
      const matter = matterOf({ repairJobId: (await insertRepairJob(t.deps.db, { stage_id: stageId })).id });
      await postMessage(t.deps.db, matter, { side: 'customer', body: 'Hello' }, new Date(Date.UTC(2030, 0, 1 + i)));
      keys.push(matter.matter_key);
    }
    const first = await listThreadsAwaitingShop(t.deps.db, { limit: 2 });
    expect(first.map((r) => r.matter_key)).toEqual([keys[2], keys[1]]);
    const last = first[first.length - 1]!;
    const next = await listThreadsAwaitingShop(t.deps.db, { limit: 1, before: { at: last.last_message_at!, id: last.id } });
    expect(next.map((r) => r.matter_key)).toEqual([keys[0]]);
  });

  it('exports and deletes the messages of the customer’s matters only', async () => {
    const mine = matterOf({ repairJobId: (await insertRepairJob(t.deps.db, { stage_id: stageId })).id });
    const theirs = matterOf({ repairJobId: (await insertRepairJob(t.deps.db, { stage_id: stageId })).id });
    await postMessage(t.deps.db, mine, { side: 'customer', body: 'My question' });
    await postMessage(t.deps.db, mine, { side: 'shop', staffUserId: staffId, body: 'Our answer' });
    await postMessage(t.deps.db, theirs, { side: 'customer', body: 'Someone else' });
    const exported = await exportThreads(t.deps.db, [mine.matter_key]);
    expect(exported).toHaveLength(1);
    expect(exported[0]!.messages.map((m) => [m.from, m.body])).toEqual([
      ['customer', 'My question'],
      ['shop', 'Our answer'],
    ]);
    await deleteThreads(t.deps.db, [mine.matter_key]);
    expect((await readThread(t.deps.db, mine.matter_key, 'customer')).thread).toBeNull();
    expect((await readThread(t.deps.db, theirs.matter_key, 'customer')).messages).toHaveLength(1);
  });
});

describe('the migration', () => {
  it('copies the tracker messages into their matters’ threads, awaiting the shop', async () => {
    const db = t.deps.db;
    const quote = await insertQuoteRequest(db);
    const withQuote = await insertRepairJob(db, { stage_id: stageId, quote_request_id: quote.id });
    const alone = await insertRepairJob(db, { stage_id: stageId });
    await insertMessage(db, { repair_job_id: withQuote.id, body: 'First' });
    await insertMessage(db, { repair_job_id: withQuote.id, body: 'Second' });
    await insertMessage(db, { repair_job_id: alone.id, body: 'Alone' });

    await migration.down(db);
    await migration.up(db);

    const quoteThread = await readThread(db, `quote:${quote.id}`, 'shop');
    expect(quoteThread.messages.map((m) => [m.author_side, m.body])).toEqual([
      ['customer', 'Second'],
      ['customer', 'First'],
    ]);
    expect(quoteThread.thread?.repair_job_id).toBe(withQuote.id);
    expect((await readThread(db, `job:${alone.id}`, 'shop')).messages.map((m) => m.body)).toEqual(['Alone']);
    expect(await unreadThreadCount(db)).toBeGreaterThanOrEqual(2);
  });
});
