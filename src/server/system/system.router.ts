// The System screen's one read (/admin/system): admins only, tRPC only (no REST path).
import { adminProcedure, router } from '#server/trpc.ts';
import { systemStatusSchema } from '#shared/schemas/system.ts';
import { readSystemStatus } from './system.service.ts';

export const systemRouter = router({
  status: adminProcedure
    .meta({ permission: 'system' })
    .output(systemStatusSchema)
    .query(({ ctx }) => readSystemStatus(ctx.deps)),
});
