// A database that does not answer is a 503 in the contract's shape on every door (the session
// hook, a REST path, a tRPC procedure), never a 500 carrying the driver's code or words.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { TestClient } from '#test/support/client.ts';
import { adminClient } from '#test/support/content.ts';
import { AppError, toAppError } from '#server/errors.ts';
import { isDatabaseUnavailable } from '#server/db/database-errors.ts';
import { httpRefusalOf } from '#server/http-errors.ts';
import { restErrorResponse } from '#server/rest/error-response.ts';

const UNAVAILABLE = { message: 'The service is temporarily unavailable. Please try again shortly.' };

describe('which errors mean the database is unavailable', () => {
  it("knows PostgreSQL's and the drivers' words, and nothing else", () => {
    const unavailable = [
      Object.assign(new Error('database "bodyshop" is not currently accepting connections'), { code: '55000' }),
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
      Object.assign(new Error('sorry, too many clients already'), { code: '53300' }),
      Object.assign(new Error('connection failure'), { code: '08006' }),
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new Error('failed', { cause: Object.assign(new Error('x'), { code: '57P01' }) }),
    ];
    for (const error of unavailable) {
      expect(isDatabaseUnavailable(error), error.message).toBe(true);
      const response = restErrorResponse(toAppError(error));
      expect(response).toEqual({ status: 503, headers: {}, body: UNAVAILABLE });
    }
    for (const error of [
      Object.assign(new Error('duplicate key'), { code: '23505' }),
      Object.assign(new Error('object not in prerequisite state'), { code: '55000' }),
      new Error('boom'),
    ]) {
      expect(isDatabaseUnavailable(error), error.message).toBe(false);
      expect(restErrorResponse(toAppError(error))).toEqual({ status: 500, headers: {}, body: { message: 'Server Error' } });
    }
  });

  it('keeps any other 4xx status with a fixed message, and never turns a 5xx into a 4xx', () => {
    expect(toAppError(Object.assign(new Error('Range Not Satisfiable /srv/x'), { statusCode: 416 })).httpStatus).toBe(416);
    expect(toAppError(Object.assign(new Error('/srv/x'), { statusCode: 416 })).message).not.toContain('/srv');
    expect(httpRefusalOf(Object.assign(new Error('x'), { statusCode: 502 }))).toBeNull();
    expect(AppError.unavailable().httpStatus).toBe(503);
  });
});

describe('with the database gone', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.app.close();
  });

  it('answers 503 with the message only, from the session hook, REST and tRPC', async () => {
    const { client } = await adminClient(t);
    const anonymous = new TestClient(t.app);
    await anonymous.csrf();
    await t.database.close();
    const answers = [
      await client.get('/api/user'),
      await client.get('/api/users'),
      await client.post('/api/widgets', { json: { name: 'x', type: 'TEXT', html: '<p>x</p>' } }),
      await anonymous.post('/login', { json: { email: 'a@example.com', password: 'whatever-it-is' } }),
    ];
    for (const res of answers) {
      expect(res.status, res.text).toBe(503);
      expect(res.body).toEqual(UNAVAILABLE);
    }
    // Signed in, the session hook fails first and answers for the tRPC door too; anonymous, the procedure does.
    const trpc = await client.get('/trpc/users.list?input=%7B%7D');
    expect(trpc.status).toBe(503);
    expect(trpc.body).toEqual(UNAVAILABLE);
    const procedure = await new TestClient(t.app).get('/trpc/galleries.get?input=%7B%22id%22%3A987654%7D');
    expect(procedure.status, procedure.text).toBe(503);
    expect(procedure.body.error.message).toBe(UNAVAILABLE.message);
    expect(procedure.body.error.data.appCode).toBe('UNAVAILABLE');
    for (const res of [...answers, trpc, procedure]) expect(res.text).not.toMatch(/stack|PGlite|destroyed|driver|5[0-9]{4}|ECONN/i);
  });
});
