import { router } from '#server/trpc.ts';

export const testimonialsRouter = router({});
