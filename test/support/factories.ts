/**
 * Factories: rows a test needs, written through the same database the app uses, and a way to act
 * as a user (a real session row and cookies) without going through the sign-in screens.
 */
import sharp from 'sharp';
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/types.ts';
import type { Role, StaffRole, WidgetType } from '#shared/value-sets.ts';
import { hashPassword } from '#server/auth/passwords.ts';
import { generateSessionToken, saveSession, SESSION_COOKIE, XSRF_COOKIE, xsrfTokenFor } from '#server/auth/sessions.ts';
import { storeImage } from '#server/images/images.service.ts';
import { findSessionUser } from '#server/users/users.repository.ts';
import type { FileStorage } from '#server/files/storage.ts';
import { appRouter } from '#server/router.ts';
import type { RequestContext } from '#server/context.ts';
import type { TestApp } from './app.ts';
import { noteFixtureWrite } from './fixture-writes.ts';
import type { TestClient } from './client.ts';

let sequence = 0;
const next = () => ++sequence;

/** One hash reused by every factory user: argon2 takes ~15 ms, and tests create many users. */
export const FACTORY_PASSWORD = 'correct horse battery';
let factoryHash: Promise<string> | undefined;

export interface UserOverrides {
  firstname?: string;
  lastname?: string;
  email?: string;
  role?: Role;
  staff_role?: StaffRole | null;
  verified?: boolean;
  password?: string;
  telephone?: string | null;
  skills?: string;
}

export async function createUser(db: Kysely<Database>, overrides: UserOverrides = {}) {
  const n = next();
  const passwordHash = overrides.password ? await hashPassword(overrides.password) : await (factoryHash ??= hashPassword(FACTORY_PASSWORD));
  return db
    .insertInto('users')
    .values({
      firstname: overrides.firstname ?? `Test${n}`,
      lastname: overrides.lastname ?? `User${n}`,
      email: overrides.email ?? `user${n}-${Date.now()}@example.test`,
      role: overrides.role ?? 'user',
      staff_role: overrides.staff_role ?? null,
      telephone: overrides.telephone ?? null,
      skills: overrides.skills ?? '',
      password_hash: passwordHash,
      email_verified_at: overrides.verified === false ? null : new Date(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export const createAdmin = (db: Kysely<Database>, overrides: UserOverrides = {}) => createUser(db, { ...overrides, role: 'admin' });

/** Signs `client` in as the user: a real session row, and the cookies a sign-in would set. */
export async function actingAs(
  testApp: TestApp,
  client: TestClient,
  userId: number,
  options: { passwordConfirmed?: boolean; remember?: boolean } = {},
): Promise<string> {
  const token = generateSessionToken();
  await saveSession(testApp.deps.db, token, {
    userId,
    remember: options.remember ?? false,
    meta: { ipAddress: '127.0.0.1', userAgent: 'test' },
    passwordConfirmedAt: options.passwordConfirmed ? new Date() : null,
  });
  client.setCookie(SESSION_COOKIE, token);
  client.setCookie(XSRF_COOKIE, xsrfTokenFor(testApp.config.appKey, token));
  return token;
}

/**
 * A server-side tRPC caller acting as `userId` (or anonymous), for procedure-level tests. Like a
 * request through the HTTP door, each call runs the jobs it queued (its mails) before it answers.
 */
export async function callerFor(testApp: TestApp, userId?: number, options: { passwordConfirmed?: boolean } = {}) {
  return drainingAfterEachCall(appRouter.createCaller(await contextFor(testApp, userId, options)), () => testApp.drainJobs());
}

/** `caller` (tRPC's proxy of paths), each procedure call followed, success or failure, by `drain`. */
function drainingAfterEachCall<T>(caller: T, drain: () => Promise<void>): T {
  if ((typeof caller !== 'function' && typeof caller !== 'object') || caller === null) return caller;
  return new Proxy(caller, {
    get: (target, key) => (typeof key === 'symbol' ? Reflect.get(target, key) : drainingAfterEachCall(Reflect.get(target, key), drain)),
    apply: async (target, thisArg, args) => {
      try {
        return await Reflect.apply(target as (...a: unknown[]) => unknown, thisArg, args);
      } finally {
        await drain();
      }
    },
  });
}

/** The request context of `userId` (or anonymous) with a real session row, as a request would have it. */
export async function contextFor(
  testApp: TestApp,
  userId?: number,
  options: { passwordConfirmed?: boolean } = {},
): Promise<RequestContext> {
  let session = null;
  let user = null;
  let sessionToken: string | null = null;
  if (userId !== undefined) {
    sessionToken = generateSessionToken();
    session = await saveSession(testApp.deps.db, sessionToken, {
      userId,
      remember: false,
      meta: { ipAddress: '127.0.0.1', userAgent: 'test' },
      passwordConfirmedAt: options.passwordConfirmed ? new Date() : null,
    });
    user = (await findSessionUser(testApp.deps.db, userId)) ?? null;
    if (!user) throw new Error(`no user ${userId}`);
  }
  const ctx: RequestContext = {
    deps: testApp.deps,
    sessionToken,
    session,
    user,
    requester: { ipAddress: '127.0.0.1', userAgent: 'test' },
    deviceCookie: null,
    http: { setCookie() {}, clearCookie() {}, setHeader() {}, setStatus() {}, wantsJson: true },
  };
  return ctx;
}

/** A real JPEG of the given size, drawn by sharp. */
export function makeJpeg(width = 64, height = 48, colour = '#3366aa'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
}

export function makePng(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: '#cc5533' } })
    .png()
    .toBuffer();
}

export async function createImage(db: Kysely<Database>, storage: FileStorage, width = 64, height = 48) {
  noteFixtureWrite(db);
  return storeImage({ db, storage }, { buffer: await makeJpeg(width, height) }, 'image');
}

export async function createWidget(
  db: Kysely<Database>,
  overrides: { name?: string; type?: WidgetType; html?: string; alt?: string; imageId?: number | null } = {},
) {
  noteFixtureWrite(db);
  return db
    .insertInto('widgets')
    .values({
      name: overrides.name ?? `Widget${next()}`,
      type: overrides.type ?? 'TEXT',
      html: overrides.html ?? '<p>Hello</p>',
      alt: overrides.alt ?? '',
      image_id: overrides.imageId ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function createTestimonial(db: Kysely<Database>, overrides: { name?: string; score?: number; review?: string } = {}) {
  noteFixtureWrite(db);
  return db
    .insertInto('testimonials')
    .values({ name: overrides.name ?? `Customer ${next()}`, score: overrides.score ?? 5, review: overrides.review ?? '<p>Great work.</p>' })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function createGallery(
  db: Kysely<Database>,
  storage: FileStorage,
  overrides: { name?: string; hidden?: boolean; imageCount?: number } = {},
) {
  noteFixtureWrite(db);
  const gallery = await db
    .insertInto('galleries')
    .values({ name: overrides.name ?? `Gallery ${next()}`, hidden: overrides.hidden ?? false })
    .returningAll()
    .executeTakeFirstOrThrow();
  const images = [];
  for (let position = 0; position < (overrides.imageCount ?? 0); position++) {
    const image = await createImage(db, storage);
    images.push(
      await db
        .insertInto('gallery_images')
        .values({ gallery_id: gallery.id, image_id: image.id, alt: `Image ${position + 1}`, link: null, position })
        .returningAll()
        .executeTakeFirstOrThrow(),
    );
  }
  return { gallery, images };
}
