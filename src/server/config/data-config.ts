/** Where the data lives: the embedded database in DATA_DIR, or PostgreSQL at DATABASE_URL. */
import path from 'node:path';
import { z } from 'zod';
import { onOff, variable } from './env-values.ts';

export const dataVariables = z.object({
  DATABASE_URL: variable(
    z
      .string()
      .regex(/^postgres(ql)?:\/\/.+/, 'must be a postgres:// or postgresql:// connection string')
      .optional(),
  ),
  DATA_DIR: variable(z.string().default('./data')),
  DEMO_CONTENT: onOff,
});

export function dataConfig(e: z.output<typeof dataVariables>) {
  return {
    /** PostgreSQL's connection string; undefined keeps the embedded database in DATA_DIR. */
    databaseUrl: e.DATABASE_URL,
    /** An absolute path: the embedded database, uploaded files, backups and the generated APP_KEY. */
    dataDir: path.resolve(e.DATA_DIR),
    /**
     * Demo galleries and testimonials on a fresh database (the widgets the pages need always are).
     * A shop's own PostgreSQL gets no invented galleries or reviews unless it asks for them.
     */
    isDemoContentOn: e.DEMO_CONTENT ?? !e.DATABASE_URL,
  };
}
