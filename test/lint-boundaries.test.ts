// The one-way layers, SQL only in repositories, dates through one formatter and links from the route table are enforced by lint rules (eslint.config.js);
// these prove the rules bite: each wrong line below must be reported, and the right ones must not.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
// The project's own config, run for the one rule these tests are about. Without the type-aware
// parse (projectService) the rule reports the same: it reads import specifiers only. With it, the
// first lint built the whole program and took over 60 s while the other worker built the site.
const eslint = new ESLint({
  cwd: root,
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  ruleFilter: ({ ruleId }) =>
    ruleId === '@typescript-eslint/no-restricted-imports' ||
    ruleId === 'import-x/no-cycle' ||
    ruleId === 'no-restricted-syntax' ||
    ruleId === 'no-restricted-properties' ||
    ruleId === 'site/no-literal-screen-path',
});

/** Lints a real file of the project with `line` added at its top; returns the messages of `rule`. */
async function violationsOf(file: string, line: string, rule = '@typescript-eslint/no-restricted-imports'): Promise<string[]> {
  const source = readFileSync(path.join(root, file), 'utf8');
  const [result] = await eslint.lintText(`${line}\n${source}`, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === rule).map((m) => m.message);
}

describe('import boundaries', () => {
  it.each([
    ['src/server/widgets/widgets.service.ts', "import { publicProcedure } from '#server/trpc.ts';"],
    ['src/server/widgets/widgets.service.ts', "import type { FastifyRequest } from 'fastify';"],
    ['src/server/widgets/widgets.service.ts', "import { widgetsRouter } from './widgets.router.ts';"],
    ['src/server/users/users.repository.ts', "import { sendRestError } from '#server/rest/error-response.ts';"],
    ['src/server/users/users.repository.ts', "import { TRPCError } from '@trpc/server';"],
    ['src/client/lib/media.ts', "import { appRouter } from '#server/router.ts';"],
    ['src/shared/limits.ts', "import type { AppDeps } from '#server/app-deps.ts';"],
    ['src/shared/limits.ts', "import { trpc } from '#client/lib/trpc.ts';"],
  ])(
    '%s may not say: %s',
    async (file, line) => {
      expect(await violationsOf(file, line)).toHaveLength(1);
    },
    60_000,
  );

  it.each([
    ['src/server/widgets/widgets.service.ts', "import { AppError } from '#server/errors.ts';"],
    ['src/client/lib/media.ts', "import type { AppRouter } from '#server/router.ts';"],
    ['src/shared/limits.ts', "import { z } from 'zod';"],
  ])(
    '%s may say: %s',
    async (file, line) => {
      expect(await violationsOf(file, line)).toEqual([]);
    },
    60_000,
  );

  // A cycle through a relative import, through the #server alias, and through a lazy import() all count;
  // a type-only import does not (it is gone from the build).
  it.each([
    ['src/server/files/file-storage.ts', "import { openFileStorage } from './storage.ts';"],
    ['src/server/backup/server-info.ts', "import { createBackup } from '#server/backup/backup.service.ts';"],
    ['src/server/backup/server-info.ts', "export const later = () => import('#server/backup/backup.service.ts');"],
  ])(
    '%s may not close a cycle with: %s',
    async (file, line) => {
      expect(await violationsOf(file, line, 'import-x/no-cycle')).toHaveLength(1);
    },
    60_000,
  );

  it('a type-only import back is not a cycle', async () => {
    expect(
      await violationsOf('src/server/files/file-storage.ts', "import type { LocalFileStorage } from './storage.ts';", 'import-x/no-cycle'),
    ).toEqual([]);
  }, 60_000);

  // A query builder's statement outside a repository, whatever the receiver (a db, a transaction).
  it.each([
    [
      'src/server/reviews/reviews.service.ts',
      "export const planted = (deps: AppDeps) => deps.db.selectFrom('repair_jobs').selectAll().execute();",
    ],
    ['src/server/bookings/bookings.router.ts', "export const planted = (db: Kysely<Database>) => db.insertInto('bookings');"],
    ['src/server/dashboard/dashboard.service.ts', "export const planted = (trx: Transaction<Database>) => trx.updateTable('users');"],
    ['src/server/db/migrator.ts', "export const planted = (db: Kysely<Database>) => db.deleteFrom('users');"],
    ['scripts/bench-login.ts', "export const planted = (db: Kysely<Database>) => db.deleteFrom('users');"],
  ])(
    '%s may not write SQL: %s',
    async (file, line) => {
      expect(await violationsOf(file, line, 'no-restricted-syntax')).toHaveLength(1);
    },
    60_000,
  );

  it.each([
    [
      'src/server/repair-jobs/repair-jobs.repository.ts',
      "export const allowed = (db: Db) => db.selectFrom('repair_jobs').selectAll().execute();",
    ],
    ['migrations/2026-11-26T0400_repair_jobs.ts', "export const allowed = (db: Kysely<any>) => db.deleteFrom('repair_jobs');"],
    ['test/reviews/reviews.test.ts', "export const allowed = (db: Kysely<Database>) => db.updateTable('repair_jobs');"],
  ])(
    '%s may write SQL: %s',
    async (file, line) => {
      expect(await violationsOf(file, line, 'no-restricted-syntax')).toEqual([]);
    },
    60_000,
  );
});

// A date formatter built outside the one formatter and the calendar-date module, on either side.
describe('dates through one formatter', () => {
  it.each([
    ['src/server/bookings/booking-mail.ts', "export const planted = new Intl.DateTimeFormat('en-GB', { weekday: 'long' });"],
    [
      'src/client/pages/admin/bookings/bookings-calendar-page.tsx',
      "export const planted = (d: Date) => new Intl.DateTimeFormat('en-GB').format(d);",
    ],
  ])(
    '%s may not build one: %s',
    async (file, line) => {
      expect(await violationsOf(file, line, 'no-restricted-properties')).toHaveLength(1);
    },
    60_000,
  );

  it('the formatter itself may', async () => {
    expect(
      await violationsOf(
        'src/shared/format/dates.ts',
        "export const allowed = new Intl.DateTimeFormat('en-GB');",
        'no-restricted-properties',
      ),
    ).toEqual([]);
  }, 60_000);
});

// A client link or navigation to a screen of the route table (src/shared/screens.ts) takes its path
// from screenHref/screenPath: a literal one fails, whether absolute, wouter's `~`, relative to a
// nested area, with a query or a parameter; a path the table does not list (the REST door) does not.
describe('client links from the route table', () => {
  const rule = 'site/no-literal-screen-path';
  it.each([
    ['src/client/layouts/site-footer.tsx', "export const planted = <a href='/legal/privacy'>Privacy</a>;"],
    ['src/client/layouts/site-footer.tsx', 'export const planted = <Link href="~/account/bookings">Bookings</Link>;'],
    ['src/client/pages/admin/users/user-edit-page.tsx', "export const planted = (go: (to: string) => void) => go('/users');"],
    ['src/client/pages/admin/users/user-edit-page.tsx', 'export const planted = (id: number) => `/galleries/${id}`;'],
    ['src/client/pages/admin/dashboard/mail-panel.tsx', "export const planted = { href: '/mail?status=failed' };"],
    ['src/client/pages/not-found/not-found-page.tsx', 'export const planted = <Link href="/">Home</Link>;'],
    ['src/client/lib/session.tsx', "export const planted = (navigate: (to: string) => void) => navigate('/');"],
  ])(
    '%s may not say: %s',
    async (file, line) => {
      expect(await violationsOf(file, line, rule)).toHaveLength(1);
    },
    60_000,
  );

  it.each([
    ['src/client/layouts/site-footer.tsx', "export const allowed = <Link href={screenHref('privacy')}>Privacy</Link>;"],
    ['src/client/pages/admin/activity/activity-page.tsx', "export const allowed = <a href='/api/activity.csv'>CSV</a>;"],
    ['src/client/lib/session.tsx', "export const allowed = (path: string) => path.split('/');"],
    // The table itself, and the server, write the paths.
    ['src/shared/screen-paths.ts', "export const allowed = '/legal/privacy';"],
  ])(
    '%s may say: %s',
    async (file, line) => {
      expect(await violationsOf(file, line, rule)).toEqual([]);
    },
    60_000,
  );
});
