/**
 * A walk-in's repair job with a telephone number and no e-mail (POST /api/repair-jobs): opened
 * without a booking, no tracker mail and no stage mail ever queued, and the tracker link on the
 * job's page for the shop to read out or text (not to a technician). Without e-mail a UK telephone
 * is required. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { TestClient } from '#test/support/client.ts';
import { adminClient, clientAs } from '#test/support/content.ts';
import { makeRetriesDue } from '#test/support/jobs.ts';
import { WALK_IN_CONTACT_MESSAGES } from '#shared/schemas/repair-jobs.ts';
import { insertBooking } from '#test/support/work-rows.ts';

let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  ({ client: admin } = await adminClient(t));
});
afterAll(async () => {
  await t?.close();
});

const walkIn = {
  customer_name: 'Dai Morgan',
  customer_telephone: '07700 900789',
  vehicle: 'Ford Fiesta 2017',
  registration: 'CF17 ABC',
  agreed_work: 'Replace the nearside wing mirror.',
  promised_ready_on: '2026-12-18',
};

const mailRows = async () =>
  Number(
    (
      await t.deps.db
        .selectFrom('outgoing_mail')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('a walk-in without e-mail', () => {
  it('gets a job, no mail at opening or at a stage, and a tracker link the shop can read out', async () => {
    const before = await mailRows();
    const res = await admin.post('/api/repair-jobs', { json: { ...walkIn, customer_email: '' } });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ booking_id: null, quote_request_id: null, customer_email: '', customer_telephone: '07700 900789' });
    expect(res.body.tracker_url).toMatch(/^http:\/\/localhost:3000\/track\/[A-Za-z0-9_-]{43}$/);
    expect(await mailRows()).toBe(before);

    const stages = (await admin.get('/api/repair-stages')).body.data as { id: number; name: string }[];
    const moved = await admin.post(`/api/repair-jobs/${res.body.id}/stage`, { json: { stage_id: stages[1]!.id } });
    expect(moved.status, moved.text).toBe(200);
    await makeRetriesDue(t.deps.db);
    await t.deps.jobs.drain();
    expect(await mailRows()).toBe(before);

    // The link opens the customer's tracker at the stage reached.
    const token = (res.body.tracker_url as string).split('/').pop()!;
    const tracker = await new TestClient(t.app).get(`/api/repair-tracker/${token}`);
    expect(tracker.status).toBe(200);
    expect(tracker.body.stages.find((s: { current: boolean }) => s.current).name).toBe(stages[1]!.name);

    // A technician works on the car, and is not given the link.
    const { client: technician } = await clientAs(t, { staff_role: 'technician' });
    const seen = await technician.get(`/api/repair-jobs/${res.body.id}`);
    expect(seen.status).toBe(200);
    expect(seen.body.tracker_url).toBeUndefined();
  });

  it('needs a UK telephone number when there is no e-mail (422 on the field)', async () => {
    const none = await admin.post('/api/repair-jobs', { json: { ...walkIn, customer_telephone: '' } });
    expect(none.status).toBe(422);
    expect(none.body.errors).toEqual({ customer_telephone: [WALK_IN_CONTACT_MESSAGES.telephoneRequired] });
    const foreign = await admin.post('/api/repair-jobs', { json: { ...walkIn, customer_telephone: '555 1234' } });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors).toEqual({ customer_telephone: [WALK_IN_CONTACT_MESSAGES.telephoneNotUk] });
  });

  it('booked by telephone only, its booking opens a job that is mailed nothing either', async () => {
    const type = await t.deps.db.selectFrom('booking_types').select('id').orderBy('position').executeTakeFirstOrThrow();
    const booking = await insertBooking(t.deps.db, { booking_type_id: type.id, email: null, telephone: '01632 960 555' });
    const before = await mailRows();
    const res = await admin.post('/api/repair-jobs', {
      json: { booking_id: booking.id, agreed_work: 'Repair the rear bumper.', promised_ready_on: '2026-12-19' },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ booking_id: booking.id, customer_email: '', customer_telephone: '01632 960 555' });
    expect(res.body.tracker_url).toEqual(expect.any(String));
    expect(await mailRows()).toBe(before);
  });
});
