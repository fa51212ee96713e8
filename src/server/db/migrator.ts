import type { Kysely } from 'kysely';
import { Migrator, NO_MIGRATIONS, type MigrationResultSet } from 'kysely';
import { migrations } from '#migrations/index.ts';

function createMigrator(db: Kysely<any>): Migrator {
  return new Migrator({ db, provider: { getMigrations: async () => migrations } });
}

function unwrap(result: MigrationResultSet): string[] {
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error');
    const reason = result.error instanceof Error ? result.error.message : JSON.stringify(result.error);
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
  return (result.results ?? []).map((r) => r.migrationName);
}

/** Applies every pending migration; returns the names applied. */
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  return unwrap(await createMigrator(db).migrateToLatest());
}

/** Migrates up or down to the named migration (a restore goes to its backup's schema first). */
export async function migrateTo(db: Kysely<any>, migrationName: string): Promise<string[]> {
  return unwrap(await createMigrator(db).migrateTo(migrationName));
}

/** Reverts the most recent migration; returns the names reverted. */
export async function migrateDown(db: Kysely<any>): Promise<string[]> {
  return unwrap(await createMigrator(db).migrateDown());
}

/** Reverts every migration. */
export async function migrateAllDown(db: Kysely<any>): Promise<string[]> {
  return unwrap(await createMigrator(db).migrateTo(NO_MIGRATIONS));
}
