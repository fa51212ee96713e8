// A guest's quote requests and bookings join the account once its e-mail address is verified.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { callerFor, createUser } from '#test/support/factories.ts';
import { insertBooking, insertQuoteRequest } from '#test/support/work-rows.ts';
import { verificationPath } from '#server/auth/signed-links.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function verify(user: { id: number; email: string }) {
  const url = new URL(`http://x${verificationPath(t.config.appKey, user.id, user.email)}`);
  const [, , , id, hash] = url.pathname.split('/');
  await (
    await callerFor(t, user.id)
  ).session.verifyEmail({ id: id!, hash: hash!, expires: url.searchParams.get('expires')!, signature: url.searchParams.get('signature')! });
}

async function ownersOf(table: 'quote_requests' | 'bookings', ids: number[]) {
  const rows = await t.deps.db.selectFrom(table).select(['id', 'user_id']).where('id', 'in', ids).orderBy('id').execute();
  return rows.map((r) => r.user_id);
}

describe('verifying the e-mail address', () => {
  it("joins the guest's quote requests and bookings under it, never another account's", async () => {
    const user = await createUser(t.deps.db, { verified: false, email: 'guest.joins@example.test' });
    const other = await createUser(t.deps.db, { verified: true });
    const type = await t.deps.db.selectFrom('booking_types').select('id').executeTakeFirstOrThrow();
    const guestQuote = await insertQuoteRequest(t.deps.db, { email: 'Guest.Joins@example.test', user_id: null });
    const othersQuote = await insertQuoteRequest(t.deps.db, { email: 'guest.joins@example.test', user_id: other.id });
    const strangersQuote = await insertQuoteRequest(t.deps.db, { email: 'someone.else@example.test', user_id: null });
    const guestBooking = await insertBooking(t.deps.db, { booking_type_id: type.id, email: 'GUEST.joins@example.test', user_id: null });
    const strangersBooking = await insertBooking(t.deps.db, { booking_type_id: type.id, email: 'nobody@example.test', user_id: null });

    expect(await ownersOf('quote_requests', [guestQuote.id])).toEqual([null]);
    await verify(user);

    expect(await ownersOf('quote_requests', [guestQuote.id, othersQuote.id, strangersQuote.id])).toEqual([user.id, other.id, null]);
    expect(await ownersOf('bookings', [guestBooking.id, strangersBooking.id])).toEqual([user.id, null]);
    const mine = await (await callerFor(t, user.id)).quotes.mine({});
    expect(mine.data.map((q) => q.id)).toEqual([guestQuote.id]);
  });

  it('joins nothing while the address is unverified', async () => {
    const user = await createUser(t.deps.db, { verified: false, email: 'not.yet@example.test' });
    const quote = await insertQuoteRequest(t.deps.db, { email: 'not.yet@example.test', user_id: null });
    expect(await ownersOf('quote_requests', [quote.id])).toEqual([null]);
    expect((await (await callerFor(t, user.id)).quotes.mine({})).data).toEqual([]);
  });
});
