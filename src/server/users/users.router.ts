import { router } from '#server/trpc.ts';

export const usersRouter = router({});
