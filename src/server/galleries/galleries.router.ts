import { router } from '#server/trpc.ts';

export const galleriesRouter = router({});
