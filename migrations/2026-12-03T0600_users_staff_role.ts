// A member of staff who is not an owner: estimator, technician or editor (docs/decisions/staff-roles.md).
// Beside users.role, so the SPEC's roles and the REST answers stay as they are; only an owner sets it.
// Kysely<any> on purpose: a migration describes the database as it was then, not today's types.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('staff_role', 'text', (col) => col.check(sql`staff_role in ('estimator', 'technician', 'editor')`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('staff_role').execute();
}
