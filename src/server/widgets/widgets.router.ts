import { router } from '#server/trpc.ts';

export const widgetsRouter = router({});
