import { router } from '#server/trpc.ts';

export const twoFactorRouter = router({});
